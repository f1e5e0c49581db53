/** The notifications screens' texts; part of `sk` (see sk.ts). Spec texts to the letter. */
export const notifications = {
  // Spec §2 Header and Notification dropdown.
  bell: 'Notifikácie',
  unseenBadge: (count: number) => `${count} neprečítaných`,
  title: 'Notifications',
  markAllAsSeen: 'Označiť všetko ako prečítané',
  loading: 'Načítavam...',
  allShown: 'Zobrazené všetky záznamy',
  empty: 'Žiadne záznamy',
  listLabel: 'Zoznam notifikácií',
  unseen: 'Neprečítaná',
  // Spec §2 Notification prompt (iOS).
  prompt: {
    title: 'Povolenie notifikácií',
    body: 'Povoľte notifikácie, aby ste sa dozvedeli o nových fotografiách a videách aj keď aplikáciu nemáte otvorenú.',
    allow: 'Povoliť notifikácie',
  },
  // Spec §4 Install banner and the web app manifest.
  install: {
    shortName: 'Denník',
    description: 'Fotografie a videá zo stavieb priradené k site-om',
    label: 'Inštalácia aplikácie',
    text: 'Nainštalujte si aplikáciu na plochu pre rýchly prístup.',
    install: 'Inštalovať',
    iosBefore: 'Nainštalujte si aplikáciu: ťuknite na',
    iosShare: 'Zdieľať',
    iosThen: 'a potom na',
    iosAddToHome: 'Pridať na plochu',
    dismiss: 'Zavrieť',
  },
} as const;
