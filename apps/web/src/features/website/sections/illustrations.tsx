/** Inline SVG artwork for the sections (the site loads no external images). Decorative only. */
import { useId } from 'react';

/** A gradient/filter id unique on the page, safe inside url(#...). */
function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** Hero artwork on the navy gradient: a request-tracking card, a record and a privacy shield. */
export function HeroIllustration() {
  const shield = useSvgId('dd-hero-shield');
  const shadow = useSvgId('dd-hero-shadow');
  return (
    <svg viewBox="0 0 480 430" width="100%" role="presentation" aria-hidden="true" style={{ maxWidth: 480 }}>
      <defs>
        <linearGradient id={shield} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4ade80" />
          <stop offset="1" stopColor="#16a34a" />
        </linearGradient>
        <filter id={shadow} x="-20%" y="-20%" width="140%" height="140%">
          <feDropShadow dx="0" dy="12" stdDeviation="14" floodColor="#020c18" floodOpacity="0.35" />
        </filter>
      </defs>
      <circle cx="380" cy="70" r="70" fill="#ffffff" opacity="0.06" />
      <circle cx="44" cy="330" r="40" fill="#ffffff" opacity="0.06" />
      {/* tracking card */}
      <g filter={`url(#${shadow})`}>
        <rect x="40" y="40" width="330" height="250" rx="16" fill="#ffffff" />
        <rect x="40" y="40" width="330" height="44" rx="16" fill="#e8f1fa" />
        <rect x="40" y="68" width="330" height="16" fill="#e8f1fa" />
        <circle cx="64" cy="62" r="5" fill="#a0bfe3" />
        <circle cx="82" cy="62" r="5" fill="#a0bfe3" />
        <circle cx="100" cy="62" r="5" fill="#a0bfe3" />
        <rect x="128" y="56" width="120" height="12" rx="6" fill="#cfe0f2" />
        {[0, 1, 2, 3].map((row) => (
          <g key={row} transform={`translate(0 ${row * 48})`}>
            <rect x="64" y="104" width="28" height="28" rx="8" fill="#e8f1fa" />
            <path d="M74 112h8v12h-8z" fill="#1f5fa8" opacity="0.55" />
            <rect
              x="106"
              y="108"
              width={[130, 110, 140, 100][row]}
              height="9"
              rx="4.5"
              fill="#143d66"
              opacity="0.8"
            />
            <rect x="106" y="123" width={[90, 120, 70, 95][row]} height="7" rx="3.5" fill="#a0bfe3" />
            <rect
              x="270"
              y="109"
              width="78"
              height="18"
              rx="9"
              fill={['#dcfce7', '#e8f1fa', '#fef3c7', '#dcfce7'][row]}
            />
            <rect
              x="282"
              y="115"
              width="54"
              height="6"
              rx="3"
              fill={['#16a34a', '#1f5fa8', '#d97706', '#16a34a'][row]}
            />
          </g>
        ))}
      </g>
      {/* medical record */}
      <g filter={`url(#${shadow})`} transform="rotate(6 370 250)">
        <rect x="300" y="170" width="140" height="180" rx="12" fill="#ffffff" />
        <rect x="318" y="190" width="36" height="36" rx="8" fill="#e8f1fa" />
        <path d="M332 197h8v8h8v8h-8v8h-8v-8h-8v-8h8z" fill="#1f5fa8" />
        <rect x="364" y="196" width="58" height="8" rx="4" fill="#143d66" opacity="0.8" />
        <rect x="364" y="211" width="40" height="6" rx="3" fill="#a0bfe3" />
        {[0, 1, 2, 3, 4].map((line) => (
          <rect
            key={line}
            x="318"
            y={244 + line * 18}
            width={[104, 90, 104, 70, 96][line]}
            height="7"
            rx="3.5"
            fill="#cfe0f2"
          />
        ))}
      </g>
      {/* privacy shield */}
      <g filter={`url(#${shadow})`} transform="translate(-40 28)">
        <path d="M96 262l46-18 46 18v34c0 30-20 52-46 62-26-10-46-32-46-62z" fill={`url(#${shield})`} />
        <path
          d="M122 300l14 14 28-30"
          fill="none"
          stroke="#ffffff"
          strokeWidth="9"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}

/** Light-background artwork: a stack of records with a checklist and a clock. */
export function RecordsIllustration() {
  const bg = useSvgId('dd-records-bg');
  return (
    <svg viewBox="0 0 420 340" width="100%" role="presentation" aria-hidden="true" style={{ maxWidth: 440 }}>
      <defs>
        <linearGradient id={bg} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e8f1fa" />
          <stop offset="1" stopColor="#cfe0f2" />
        </linearGradient>
      </defs>
      <rect x="10" y="20" width="400" height="300" rx="28" fill={`url(#${bg})`} />
      <rect x="96" y="58" width="190" height="240" rx="14" fill="#a0bfe3" transform="rotate(-7 190 178)" />
      <rect x="112" y="50" width="190" height="240" rx="14" fill="#ffffff" stroke="#cfe0f2" strokeWidth="2" />
      <rect x="132" y="72" width="40" height="40" rx="10" fill="#e8f1fa" />
      <path d="M147 79h10v11h11v10h-11v11h-10v-11h-11v-10h11z" fill="#1c4e80" />
      <rect x="184" y="78" width="96" height="10" rx="5" fill="#143d66" />
      <rect x="184" y="96" width="64" height="8" rx="4" fill="#a0bfe3" />
      {[0, 1, 2, 3].map((row) => (
        <g key={row} transform={`translate(0 ${row * 38})`}>
          <circle cx="144" cy="142" r="10" fill={row < 3 ? '#16a34a' : '#e8f1fa'} />
          {row < 3 && (
            <path
              d="M139 142l4 4 7-8"
              fill="none"
              stroke="#ffffff"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
          <rect
            x="164"
            y="134"
            width={[112, 96, 120, 88][row]}
            height="8"
            rx="4"
            fill="#143d66"
            opacity="0.75"
          />
          <rect x="164" y="147" width={[80, 100, 64, 90][row]} height="6" rx="3" fill="#cfe0f2" />
        </g>
      ))}
      <circle cx="318" cy="236" r="50" fill="#1c4e80" />
      <circle cx="318" cy="236" r="38" fill="#ffffff" />
      <path
        d="M318 212v26l16 10"
        fill="none"
        stroke="#1c4e80"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Small brand mark: a document with a check, used in the footer. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} role="presentation" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1f5fa8" />
      <path d="M10 7h9l5 5v13a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" fill="#ffffff" />
      <path
        d="M12.5 18.5l3 3 5-6"
        fill="none"
        stroke="#1f5fa8"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
