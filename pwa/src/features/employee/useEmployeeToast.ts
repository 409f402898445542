// The global toast (components/Toast), plus the optional tone the employee chose in Settings.
import { useCallback, useMemo } from 'react';
import { useToast } from '@/components/Toast';
import { readPrefs } from './settings/preferences';

function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    gain.gain.value = 0.05;
    osc.frequency.value = 880;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.12);
    osc.onended = () => void ctx.close();
  } catch {
    /* no audio on this device: the toast itself still shows */
  }
}

export function useEmployeeToast() {
  const toast = useToast();
  const show = useCallback<typeof toast.show>(
    (text, kind, ms) => {
      if (readPrefs().toastSound) beep();
      toast.show(text, kind, ms);
    },
    [toast],
  );
  return useMemo(() => ({ show }), [show]);
}
