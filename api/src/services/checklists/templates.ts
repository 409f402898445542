// The office's checklist templates, one per cleaning type (shared/README.md "Checklists"). Until the
// office first saves one, a type has none in use and its editor starts from our suggested set. Each
// save is conditional on the version the editor loaded (of two saves at once, one wins) and audited.
import { randomBytes } from 'node:crypto';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { DEFAULT_CHECKLISTS, type ChecklistType } from '@shared/checklists';
import type { ChecklistTemplateDto, ChecklistTemplateInput } from '@shared/schemas/checklists';
import { ChecklistTemplate, type ChecklistTemplateDoc } from '../../models/ChecklistTemplate';
import { isDuplicateKey } from '../../models/duplicate-key';
import { writeVersions } from '../../models/write-version';
import { conflict } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../office/audit';

export interface TemplateTask {
  id: string;
  room: string;
  task: string;
}

const newId = () => randomBytes(8).toString('hex');

/** Flat tasks in order → rooms in the order they first appear, each with its tasks in order. */
function roomsOf(items: readonly TemplateTask[]): ChecklistTemplateDto['rooms'] {
  const rooms = new Map<string, Array<{ id: string; task: string; }>>();
  for (const i of items) {
    const tasks = rooms.get(i.room) ?? [];
    tasks.push({ id: i.id, task: i.task });
    rooms.set(i.room, tasks);
  }
  return [...rooms].map(([room, tasks]) => ({ room, tasks }));
}

function dtoOf(type: ChecklistType, doc: ChecklistTemplateDoc | null): ChecklistTemplateDto {
  if (!doc) return { cleaning_type: type, rooms: DEFAULT_CHECKLISTS[type], in_use: false, version: 0, saved_at: null };
  return { cleaning_type: type, rooms: roomsOf(doc.items), in_use: true, version: doc.version, saved_at: doc.saved_at?.toISOString() ?? null };
}

export async function readTemplate(type: ChecklistType): Promise<ChecklistTemplateDto> {
  return dtoOf(type, await ChecklistTemplate.findOne({ cleaning_type: type }).lean<ChecklistTemplateDoc>());
}

/** Saves the office's rooms and tasks; a task keeps its id (so ticks on visits still find it), a new task gets one. */
export async function saveTemplate(actor: AuditActor, type: ChecklistType, input: ChecklistTemplateInput, now: Date): Promise<ChecklistTemplateDto> {
  const before = await ChecklistTemplate.findOne({ cleaning_type: type }).lean<ChecklistTemplateDoc>();
  if ((before?.version ?? 0) !== input.based_on) throw conflict(CHECKLIST_MSG.changedMeanwhile);
  // Rooms of the same name are one room (the order of its first appearance).
  const items: TemplateTask[] = input.rooms.flatMap((r) => r.tasks.map((t) => ({ id: t.id ?? newId(), room: r.room, task: t.task })));
  const set = { items, saved_at: now, saved_by: actor.id };
  let saved: ChecklistTemplateDoc | null;
  try {
    saved = before
      ? await ChecklistTemplate.findOneAndUpdate({ _id: before._id, version: before.version }, { $set: set, $inc: { version: 1 } }, { returnDocument: 'after' })
        .lean<ChecklistTemplateDoc>()
      : (await ChecklistTemplate.create({ cleaning_type: type, ...set, version: 1 })).toObject<ChecklistTemplateDoc>();
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(CHECKLIST_MSG.changedMeanwhile);
    throw err;
  }
  if (!saved) throw conflict(CHECKLIST_MSG.changedMeanwhile);
  await recordAudit({
    actor,
    action: 'checklist.save',
    target: { type: 'checklist', id: type, label: CHECKLIST_MSG.typeLabel[type] ?? type },
    before: before ? { tasks: before.items.length, version: before.version } : null,
    after: { tasks: items.length, rooms: roomsOf(items).length, version: saved.version },
  });
  return dtoOf(type, saved);
}

/** The office stops giving visits of this type a checklist (visits already ticked keep theirs). */
export async function stopTemplate(actor: AuditActor, type: ChecklistType): Promise<ChecklistTemplateDto> {
  const gone = await ChecklistTemplate.findOneAndDelete({ cleaning_type: type }).lean<ChecklistTemplateDoc>();
  if (gone) {
    await recordAudit({
      actor,
      action: 'checklist.stop',
      target: { type: 'checklist', id: type, label: CHECKLIST_MSG.typeLabel[type] ?? type },
      before: { tasks: gone.items.length, version: gone.version },
      after: null,
    });
  }
  return dtoOf(type, null);
}

/** The templates in use, by type, kept per write version of the templates (a save on any instance shows at once). */
let kept: { version: number; byType: Map<string, TemplateTask[]>; } | null = null;

export async function templatesInUse(): Promise<Map<string, TemplateTask[]>> {
  const { checklists: version } = await writeVersions('checklists');
  if (kept?.version === version) return kept.byType;
  const docs = await ChecklistTemplate.find({}, { cleaning_type: 1, items: 1 }).lean<ChecklistTemplateDoc[]>();
  const byType = new Map(docs.map((d) => [d.cleaning_type, d.items.map((i) => ({ id: i.id, room: i.room, task: i.task }))]));
  kept = { version, byType };
  return byType;
}
