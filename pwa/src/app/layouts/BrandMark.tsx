/** The logo: a small inline SVG sparkle, no image request. */
export function BrandMark({ size = 32 }: { size?: number; }) {
  return (
    <svg className="brand__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#0b6e4f" />
      <path d="M16 6l2.4 6.6L25 15l-6.6 2.4L16 24l-2.4-6.6L7 15l6.6-2.4z" fill="#fff" />
      <circle cx="24" cy="8" r="2" fill="#f4a259" />
    </svg>
  );
}
