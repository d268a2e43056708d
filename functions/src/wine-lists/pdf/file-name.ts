/** The PDF's file name: the list's name in lower-case ASCII words joined by hyphens ("vin-pa-glass.pdf"). */
export function pdfFileName(listName: string): string {
  const slug = listName
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'wine-list'}.pdf`;
}
