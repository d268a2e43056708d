/** The bottle shown when a wine has no image: a plain silhouette on a transparent background. */
export const DEFAULT_BOTTLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="1200" viewBox="0 0 400 1200">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#4a1020"/><stop offset=".45" stop-color="#7b2236"/><stop offset="1" stop-color="#3a0c18"/></linearGradient></defs>
<path fill="url(#g)" d="M165 40h70v300c0 60 95 110 95 230v560c0 22-18 40-40 40H110c-22 0-40-18-40-40V570c0-120 95-170 95-230z"/>
<rect x="160" y="30" width="80" height="90" rx="10" fill="#2b0a12"/>
<rect x="95" y="680" width="210" height="260" rx="8" fill="#f4ede4"/>
<rect x="130" y="750" width="140" height="14" rx="7" fill="#7b2236"/>
<rect x="150" y="790" width="100" height="10" rx="5" fill="#b49a86"/>
</svg>`;

/** The demo photo seeded into the media bucket: the same bottle on a warm studio background. */
export const DEMO_BOTTLE_SVG = DEFAULT_BOTTLE_SVG.replace(
  '<path',
  '<rect width="400" height="1200" fill="#efe6da"/><path',
);
