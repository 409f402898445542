// Marketing copy for the home, about and services pages, kept apart from layout code.
import { MARKETING } from '../../../../shared/constants';

export const HOME_FEATURES = [
  'Vetted, insured and trained cleaners',
  'Weekly, fortnightly or one-off visits',
  'Eco-friendly products, safe for pets and children',
  'Not happy? We come back and re-clean for free',
] as const;

/** The four claims the spec fixes (§1), shown as stats cards on home and about. */
export const STATS = [
  { value: MARKETING.clients, label: 'Happy clients' },
  { value: MARKETING.satisfaction, label: 'Satisfaction rate' },
  { value: MARKETING.response, label: 'Response time' },
  { value: String(MARKETING.founded), label: 'Founded' },
] as const;

export interface Review {
  name: string;
  area: string;
  rating: number;
  date: string;
  text: string;
}

export const REVIEWS: readonly Review[] = [
  { name: 'Priya S.', area: 'Islington', rating: 5, date: '2026-10-14', text: 'Same cleaner every fortnight, always on time, and the flat has never looked better. Booking took two minutes.' },
  { name: 'Tom H.', area: 'Clapham', rating: 5, date: '2026-09-30', text: 'Used them for an end-of-tenancy clean and got our full deposit back. The team even did the oven.' },
  { name: 'Grace O.', area: 'Hackney', rating: 4, date: '2026-09-02', text: 'Friendly, thorough and they bring everything. Had to move one visit and they sorted it the same day.' },
  { name: 'Marcus L.', area: 'Canary Wharf', rating: 5, date: '2026-08-19', text: 'Our office is cleaned every evening now. Staff noticed the difference in the first week.' },
  { name: 'Eleanor W.', area: 'Richmond', rating: 5, date: '2026-07-27', text: 'A deep clean before my parents visited. Honest quote, no surprises, and spotless bathrooms.' },
  { name: 'Daniel K.', area: 'Wembley', rating: 4, date: '2026-06-11', text: 'Good value for a weekly clean of a three-bed house. Eco products are a real plus with a toddler at home.' },
];

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

export const JOURNEY = [
  { year: '2020', text: `${MARKETING.companyName} starts with two cleaners and a van in North London.` },
  { year: '2021', text: 'Our first office contracts, and a team of fifteen trained cleaners.' },
  { year: '2023', text: 'Specialised cleaning and training services launch; 1,000 clients served.' },
  { year: '2025', text: `Online booking goes live and we pass ${MARKETING.clients} happy clients.` },
] as const;
