/** The gallery screens' texts; part of `sk` (see sk.ts). Spec texts to the letter. */

/** 1 položka, 2–4 položky, 0 or 5+ položiek. */
const items = (n: number) => {
  if (n === 1) return '1 položka';
  if (n >= 2 && n <= 4) return `${n} položky`;
  return `${n} položiek`;
};

export const gallery = {
  title: 'Galéria site-ov',
  breadcrumb: 'Umiestnenie v galérii',
  home: 'Všetky site-y',
  filters: 'Filtre galérie',
  search: 'Hľadať',
  searchPlaceholder: 'Site, kód alebo autor',
  dateFrom: 'Dátum od',
  dateTo: 'Dátum do',
  filter: 'Filtrovať',
  export: 'Exportovať',
  exportTitle: 'Export',
  exportHint: 'Informácie o priebehu nájdete v záložke Exporty.',
  exportFailed: 'Export sa nepodarilo zaradiť',
  sites: 'Site-y',
  dates: 'Dátumy',
  media: 'Fotografie a videá',
  items,
  photo: 'Fotografia',
  video: 'Video',
  noPreview: 'Bez náhľadu',
  open: (what: string, name: string) => `${what}: ${name}`,
  openSite: 'Otvoriť site',
  openDate: 'Otvoriť dátum',
  loading: 'Načítavam galériu',
} as const;
