import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { trackWriteVersion } from './write-version';
import { serverClock } from '../clock';

/**
 * One office action: who did it, when, to what, and the record before → after. Append-only: the
 * model refuses updates and deletes, so no route (or slip in a service) can rewrite history.
 */
const auditSchema = new Schema(
  {
    at: { type: Date, required: true, default: () => serverClock.now() },
    actor: {
      type: new Schema(
        { id: { type: String, required: true }, name: { type: String, required: true }, email: String, role: { type: String, required: true } },
        { _id: false },
      ),
      required: true,
    },
    action: { type: String, required: true },
    target: {
      type: new Schema({ type: { type: String, required: true }, id: { type: String, required: true }, label: String }, { _id: false }),
      required: true,
    },
    before: Schema.Types.Mixed,
    after: Schema.Types.Mixed,
    note: String,
  },
  { versionKey: false },
);
auditSchema.index({ at: -1 });
auditSchema.index({ 'target.type': 1, 'target.id': 1 });
// The log of one kind of record, or of one member of the office, newest first (and counted from the keys).
auditSchema.index({ 'target.type': 1, at: -1 });
auditSchema.index({ 'actor.id': 1, at: -1 });

const refuse = () => {
  throw new Error('The audit log is append-only');
};
for (const op of ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'deleteOne', 'deleteMany', 'findOneAndDelete', 'findOneAndReplace'] as const) {
  auditSchema.pre(op, refuse);
}

export type AuditDoc = InferSchemaType<typeof auditSchema> & { _id: mongoose.Types.ObjectId; };
// The office's audit page is kept per write version (services/office/kept-lists.ts).
trackWriteVersion(auditSchema, 'audit');
export const AuditLog = mongoose.model('AuditLog', auditSchema);
