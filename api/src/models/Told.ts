// One row per message planned for a change and a person (`tell:{change}:{person}`), written before it is
// sent: the unique _id makes a change told to each person once, whichever instance tells it.
import mongoose, { Schema } from 'mongoose';

const toldSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });

// The retention job removes them by age (RETENTION_TOLD_DAYS).
toldSchema.index({ at: 1 });

export const Told = mongoose.model('Told', toldSchema, 'told');
