// Watch Our Story: the YouTube (no-cookie) player is created only when the modal opens, never on page load.
import { Modal } from '@/components/Modal';
import { useOnline } from '@/lib/useOnline';
import { useCompany } from '@/lib/company';

interface Props {
  open: boolean;
  onClose: () => void;
  /** YouTube video id; without one the modal says the film is not ready rather than show a broken player. */
  videoId?: string;
}

export function VideoModal({ open, onClose, videoId }: Props) {
  const co = useCompany();
  const online = useOnline();
  return (
    <Modal open={open} title="Our Story" onClose={onClose} className="modal--wide">
      {!online ?
        (
          <p className="notice notice--info">
            You are offline, so the video cannot play right now. Come back when you are connected — it is worth the two minutes.
          </p>
        ) :
        videoId ?
        (
          <div className="video-frame">
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
              title={`${co.name}: our story`}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              width="560"
              height="315"
            />
          </div>
        ) :
        <p className="notice notice--info">Our story film is being edited and will be here soon.</p>}
      <p className="muted">
        From two cleaners and a van in 2020 to a London-wide team: how we built a cleaning company people recommend to their neighbours.
      </p>
    </Modal>
  );
}
