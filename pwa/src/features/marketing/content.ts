// Marketing copy for the home, about and services pages, kept apart from layout code.
import type { Company } from '@shared/company';

export const HOME_FEATURES = [
  'Vetted, insured and trained cleaners',
  'Weekly, fortnightly or one-off visits',
  'Eco-friendly products, safe for pets and children',
  'Not happy? We come back and re-clean for free',
] as const;

/** The company's four claims, shown as stats cards on home and about. */
export const statsOf = (c: Company) =>
  [
    { value: c.clients, label: 'Happy clients' },
    { value: c.satisfaction, label: 'Satisfaction rate' },
    { value: c.response, label: 'Response time' },
    { value: c.founded, label: 'Founded' },
  ] as const;

export const SERVICES = [
  {
    id: 'domestic',
    title: 'Regular Domestic Cleaners',
    text: 'The same trusted cleaner weekly, fortnightly or monthly: dusting, floors, kitchens, bathrooms and the jobs you never get round to.',
    points: ['Same cleaner each visit', 'Flexible schedule', 'Supplies on request'],
  },
  {
    id: 'commercial',
    title: 'Office and Commercial Cleaning',
    text: 'Early-morning or evening cleaning for offices, shops and communal areas, so your team walks into a clean space every day.',
    points: ['Out-of-hours visits', 'Washrooms and kitchens', 'Consumables restocked'],
  },
  {
    id: 'specialised',
    title: 'Specialized Cleaning',
    text: 'Deep cleans, end-of-tenancy, after-builders and carpet cleaning, with the equipment and products each job needs.',
    points: ['Deposit-back checklist', 'Oven and appliance cleans', 'Carpet and upholstery'],
  },
  {
    id: 'training',
    title: 'Professional Training',
    text: 'Practical cleaning training for in-house teams and new starters: methods, products, safety and quality checks.',
    points: ['COSHH and safety basics', 'Hands-on sessions', 'Certificate on completion'],
  },
] as const;

export const VALUES = [
  { title: 'Reliability', text: 'We turn up when we say we will, and the same cleaner comes back.' },
  { title: 'Care', text: 'We treat every home and office as if it were our own.' },
  { title: 'Honesty', text: 'Clear prices, no hidden extras, and a free re-clean if we miss something.' },
  { title: 'Sustainability', text: 'Eco-friendly products and refillable bottles wherever we can.' },
] as const;

/** The company's story: its first year is the year it was founded (office → Settings). */
export const journeyOf = (c: Company) => [
  { year: c.founded, text: `${c.name} starts with two cleaners and a van in North London.` },
  { year: '2021', text: 'Our first office contracts, and a team of fifteen trained cleaners.' },
  { year: '2023', text: 'Specialised cleaning and training services launch; 1,000 clients served.' },
  { year: '2025', text: `Online booking goes live and we pass ${c.clients} happy clients.` },
];
