import { initials } from '@/lib/initials';

/** The portal's avatar initials: 'EP' (Employee Portal) when the name is unknown. */
export const initialsOf = (name: string | undefined | null): string => initials(name, 'EP');
