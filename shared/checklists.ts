// Checklists (shared/README.md "Checklists"): the cleaning types that have one, our suggested set for
// each, and the rule both halves run before hours go in (a task is ticked or has a reason).
import { PRICE_CLEANING_TYPES } from './pricing';

/** The wizard's cleaning types a checklist belongs to ('Move-out' is the customer's "End of tenancy"). */
export const CHECKLIST_TYPES = PRICE_CLEANING_TYPES;
export type ChecklistType = (typeof CHECKLIST_TYPES)[number];

/** A booking's cleaning type → its checklist ("Other" and anything unknown follow Standard). */
export const checklistTypeOf = (cleaningType: string | undefined | null): ChecklistType =>
  (CHECKLIST_TYPES as readonly string[]).includes(cleaningType ?? '') ? (cleaningType as ChecklistType) : 'Standard';

export const CHECKLIST_ROOMS_MAX = 20;
export const CHECKLIST_TASKS_PER_ROOM_MAX = 30;
export const CHECKLIST_TASKS_MAX = 120;
export const CHECKLIST_ROOM_MAX = 60;
export const CHECKLIST_TASK_MAX = 160;
export const CHECKLIST_NOTE_MAX = 300;
export const VISIT_REQUESTS_MAX = 1000;

export interface ChecklistRoom {
  room: string;
  tasks: Array<{ id?: string; task: string; }>;
}

const set = (rooms: Record<string, string[]>): ChecklistRoom[] =>
  Object.entries(rooms).map(([room, tasks]) => ({ room, tasks: tasks.map((task) => ({ task })) }));

const STANDARD = {
  Kitchen: ['Wipe worktops and splashbacks', 'Clean the hob and the outside of the oven', 'Clean the sink and taps', 'Empty the bins', 'Mop the floor'],
  Bathroom: ['Clean the toilet', 'Clean the bath, shower and screen', 'Clean the basin and taps', 'Polish mirrors', 'Mop the floor'],
  Bedrooms: ['Dust surfaces', 'Make the beds', 'Vacuum floors'],
  'Living areas': ['Dust surfaces and skirting', 'Plump cushions and tidy', 'Vacuum or mop floors'],
};

/** Our suggested sets: the office's editor starts from these until it saves its own. */
export const DEFAULT_CHECKLISTS: Record<ChecklistType, ChecklistRoom[]> = {
  Standard: set(STANDARD),
  Deep: set({
    Kitchen: [...STANDARD.Kitchen, 'Clean inside the oven', 'Clean inside the fridge', 'Degrease cupboard fronts and handles'],
    Bathroom: [...STANDARD.Bathroom, 'Descale taps and shower head', 'Scrub grout and tiles'],
    Bedrooms: [...STANDARD.Bedrooms, 'Vacuum under the beds', 'Wipe doors, frames and switches'],
    'Living areas': [...STANDARD['Living areas'], 'Wipe doors, frames and switches', 'Dust light fittings', 'Clean inside windows'],
  }),
  'Move-out': set({
    Kitchen: [
      'Clean inside the oven and hob',
      'Clean inside the fridge and freezer',
      'Clean inside and outside every cupboard',
      'Descale sink and taps',
      'Mop the floor',
    ],
    Bathroom: ['Descale and clean the toilet, bath, shower and basin', 'Scrub grout and tiles', 'Polish mirrors and fittings', 'Mop the floor'],
    Bedrooms: ['Clean inside wardrobes and drawers', 'Wipe skirting, doors and switches', 'Vacuum floors and under the beds'],
    'Living areas': ['Wipe skirting, doors and switches', 'Clean inside windows and sills', 'Dust light fittings', 'Vacuum or mop floors'],
    'Whole home': ['Remove cobwebs', 'Empty every bin', 'Final walk-through against the inventory'],
  }),
};

/** One task of a visit's checklist. */
export interface ChecklistItem {
  id: string;
  room: string;
  task: string;
  done: boolean;
  note: string;
}

/** The tasks neither ticked nor given a reason: hours are refused while any is left (the form names them). */
export const openTasks = <T extends Pick<ChecklistItem, 'done' | 'note'>>(items: readonly T[]): T[] => items.filter((i) => !i.done && !i.note.trim());
