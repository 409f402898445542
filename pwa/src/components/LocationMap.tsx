// The office on a map: a lazy Google Maps embed online, an address card offline (the embed cannot load).
import { useCompany } from '../lib/company';
import { useHydrated } from '../lib/useHydrated';
import { useOnline } from '../lib/useOnline';
import './LocationMap.css';

export function LocationMap({ height = 320 }: { height?: number; }) {
  const co = useCompany();
  const query = encodeURIComponent(`${co.name}, ${co.address}`);
  const EMBED_URL = `https://www.google.com/maps?q=${query}&output=embed`;
  const MAPS_LINK = `https://www.google.com/maps/search/?api=1&query=${query}`;
  const online = useOnline();
  // Not in the build's pre-render of `/`: a third-party frame is costly to set up before the first paint,
  // and it sits below the fold. Its box keeps its height, so nothing moves when it arrives.
  const hydrated = useHydrated();
  return (
    <div className="location-map">
      {!hydrated ? <div className="location-map__frame" style={{ height }} /> : online ?
        (
          <iframe
            className="location-map__frame"
            src={EMBED_URL}
            title={`Map showing ${co.name} at ${co.address}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            width="600"
            height={height}
            style={{ height }}
          />
        ) :
        (
          <div className="location-map__offline" role="status" style={{ minHeight: height }}>
            <p className="location-map__title">Find us</p>
            <address>{co.address}</address>
            <p className="muted">You are offline, so the map cannot load. The address above is all you need.</p>
          </div>
        )}
      {online && (
        <p className="location-map__caption">
          <a href={MAPS_LINK} target="_blank" rel="noopener noreferrer">
            Open in Google Maps
          </a>
        </p>
      )}
    </div>
  );
}
