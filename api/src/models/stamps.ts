// What every collection shares: created_at / updated_at under the names the API answers with, and the
// fields every stored document carries besides its schema's own.
import type mongoose from 'mongoose';
import { serverClock } from '../clock';

/** Schema options: mongoose keeps created_at and updated_at, on the server's clock (rules read them against it). */
export const STAMPED = { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at', currentTime: () => serverClock.now() } } as const;

export interface Stamped {
  _id: mongoose.Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

/** Accounts (customers and staff): bumped by sign-out and password change/reset, so every token carrying an older value is refused. */
export const tokenVersion = { type: Number, default: 0 } as const;
