/** The exports screens' texts; part of `sk` (see sk.ts). Spec texts to the letter. */
export const exports = {
  title: 'Exporty',
  retention: 'Exporty sú automaticky mazané po 7 dňoch',
  name: 'Názov',
  createdAt: 'Vytvorený',
  status: 'Stav',
  message: 'Správa',
  file: 'Súbor',
  download: 'Stiahnuť',
  downloadLabel: (createdAt: string) => `Stiahnuť export z ${createdAt}`,
  messageTitle: 'Správa',
  showMessage: 'Zobraziť celú správu',
  loading: 'Načítavam exporty',
} as const;
