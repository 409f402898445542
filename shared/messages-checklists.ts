// Checklists (shared/README.md "Checklists"): the office's templates, the cleaner's ticks, the
// customer's requests, and the hours refused while a task is neither done nor explained.

export const CHECKLIST_MSG = {
  // The office's editor and its answers.
  title: 'Checklists',
  intro: 'The rooms and tasks each visit of a cleaning type gets. A visit a cleaner has started keeps the list it had.',
  typeLabel: { Standard: 'Standard', Deep: 'Deep', 'Move-out': 'End of tenancy' } as Record<string, string>,
  notInUse: 'Not in use yet: this is our suggested list. Save it (as it is or changed) and visits of this type get it.',
  inUse: (when: string) => `In use since the last save (${when}).`,
  saved: (type: string) => `The ${type} checklist is saved. Visits not started yet follow it.`,
  stopped: (type: string) => `Visits of type ${type} no longer get a checklist. Visits already started keep theirs.`,
  stop: 'Stop using this checklist',
  changedMeanwhile: 'Someone saved this checklist meanwhile. Reload it to see their changes, then make yours again.',
  room: 'Room',
  task: 'Task',
  addRoom: 'Add a room',
  addTask: 'Add a task',
  removeRoom: (room: string) => `Remove ${room || 'this room'}`,
  removeTask: (task: string) => `Remove ${task || 'this task'}`,
  moveUp: (what: string) => `Move ${what || 'this'} up`,
  moveDown: (what: string) => `Move ${what || 'this'} down`,
  save: 'Save checklist',
  tooManyRooms: (max: number) => `At most ${max} rooms`,
  tooManyTasks: (max: number) => `At most ${max} tasks in one room`,
  tooManyInAll: (max: number) => `At most ${max} tasks in all`,
  roomRequired: 'Each room needs a name',
  taskRequired: 'Each task needs some words (or remove it)',
  duplicateId: 'Each task may appear once',
  unknownType: (types: readonly string[]) => `The cleaning type must be one of: ${types.join(', ')}`,
  // The cleaner's list on the visit card.
  heading: 'Checklist',
  doneCount: (done: number, all: number) => `${done} of ${all} done`,
  reasonLabel: (task: string) => `Why is “${task}” not done?`,
  reasonHint: 'Needed before you submit hours, e.g. “Customer asked to skip it”.',
  ticksWaiting: (n: number) => (n === 1 ? '1 tick waiting to send' : `${n} ticks waiting to send`),
  requestsHeading: 'The customer asks',
  noChecklist: 'No checklist for this visit.',
  unknownTask: 'This checklist changed since you loaded it. Reload My Visits and tick again.',
  notScheduledTicks: 'This visit is finished: its checklist can no longer change.',
  // Hours refused: which tasks lack a tick or a reason.
  reasonsMissing: (tasks: string[]) =>
    `Tick each task or say why it was not done before submitting hours. Still open: ${tasks.slice(0, 5).join('; ')}${
      tasks.length > 5 ? ` and ${tasks.length - 5} more` : ''
    }.`,
  // The customer's requests.
  requestsLabel: 'Requests for this visit',
  requestsHint: (until: string) => `For example “Please do the oven this time”. You can change this until ${until}.`,
  requestsSave: 'Save requests',
  requestsSaved: 'Your requests are saved. Your cleaner sees them on the day.',
  requestsPastCutoff: (cutoff: string) => `Requests for this visit closed at ${cutoff} (the free change time). Please call us if it is urgent.`,
  requestsNotScheduled: 'This visit is no longer scheduled, so requests cannot be changed.',
  whatWasDone: 'What was done',
  notDone: 'Not done',
  officeHeading: 'Checklist',
} as const;
