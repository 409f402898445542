/** Hero illustration in inline SVG: no image request, so it never delays the largest paint. */
export function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 320 260" role="img" aria-label="A sparkling clean home" width="320" height="260">
      <circle cx="160" cy="130" r="120" fill="#e6f4ee" />
      <path d="M70 140 L160 70 L250 140 V220 H70 Z" fill="#fff" stroke="#0b6e4f" strokeWidth="6" strokeLinejoin="round" />
      <rect x="140" y="160" width="40" height="60" rx="4" fill="#0b6e4f" />
      <rect x="92" y="150" width="34" height="30" rx="3" fill="#cfe9de" stroke="#0b6e4f" strokeWidth="4" />
      <rect x="194" y="150" width="34" height="30" rx="3" fill="#cfe9de" stroke="#0b6e4f" strokeWidth="4" />
      <path d="M250 50l5 14 14 5-14 5-5 14-5-14-14-5 14-5z" fill="#f4a259" />
      <path d="M62 70l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#f4a259" />
      <path d="M276 170l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#0b6e4f" />
    </svg>
  );
}
