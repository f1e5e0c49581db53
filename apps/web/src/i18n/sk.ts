import { capture } from './sk-capture.ts';
import { exports } from './sk-exports.ts';
import { gallery } from './sk-gallery.ts';
import { map } from './sk-map.ts';
import { notifications } from './sk-notifications.ts';
import { sites } from './sk-sites.ts';

/**
 * Every user-visible string of the web app, in one place. Texts quoted in spec.md are copied to
 * the letter (including its spelling, e.g. 'aktviácie' and 'Používatelovi'); a feature adds its own
 * section here (larger features in their own `sk-<feature>.ts`, spread in below) instead of writing
 * text in components.
 */
export const sk = {
  appName: 'Stavebný denník',
  logoAlt: 'Stavebný denník – logo',
  loading: 'Loading, please wait...',
  loadingBar: 'Načítavam obrazovku',
  common: {
    close: 'Zavrieť',
    confirm: 'Potvrdiť',
    save: 'Uložiť',
    yes: 'Áno',
    no: 'Nie',
    error: 'Chyba',
    search: 'Hľadať...',
    searchLabel: 'Vyhľadávanie',
    actions: 'Akcie',
    add: 'Pridať',
    noData: 'Žiadne dáta na zobrazenie',
    backToLogin: 'Späť na prihlásenie',
    showPassword: 'Zobraziť heslo',
    hidePassword: 'Skryť heslo',
    networkError: 'Server je nedostupný. Skontrolujte pripojenie.',
    unexpectedError: 'Nastala neočakávaná chyba',
  },
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    passwordHint: 'Heslo musí obsahovať minimálne 8 znakov, z toho aspoň jedno veľké písmeno a číslicu',
    passwordMismatch: 'Heslá sa nezhodujú',
    required: 'Pole je povinné',
  },
  login: {
    title: 'Prihlásenie',
    email: 'Email',
    password: 'Heslo',
    remember: 'Zapamätať?',
    forgot: 'Zabudnuté heslo?',
    submit: 'Prihlásiť sa',
    failed: 'Nesprávne prihlasovacie údaje!',
  },
  forgotPassword: {
    title: 'Zabudnuté heslo',
    intro: 'Zadajte e-mail, na ktorý Vám pošleme odkaz na obnovu hesla.',
    submit: 'Obnoviť heslo',
    sent: 'Žiadosť o obnovu hesla bola odoslaná na Váš email.',
  },
  resetPassword: {
    title: 'Nové heslo',
    missingCode: 'Odkaz na obnovu hesla je neúplný.',
  },
  verification: {
    title: 'Aktivácia účtu',
    checking: 'Overujem odkaz...',
    prompt: 'Pre dokončenie aktviácie účtu je potrebné zadať heslo.',
    done: 'Heslo bolo úspešne nastavené. Môžete sa prihlásiť.',
    expired: 'Platnosť odkazu vypršala.',
    repeat: 'Zopakujte heslo',
  },
  password: {
    old: 'Pôvodné heslo',
    new: 'Nové heslo',
    repeat: 'Zopakujte nové heslo',
    submit: 'Potvrdiť',
    changeTitle: 'Zmena hesla',
    changeSubmit: 'Zmeniť heslo',
    forcedTitle: 'Zmena hesla',
    forced: 'Pred prihlásením je potrebné zadať nové heslo.',
    changedTitle: 'Zmena hesla',
    changedBody: 'Vaše heslo bolo úspešne zmenené.',
  },
  shell: {
    toggleMenu: 'Prepnúť menu',
    menuLabel: 'Hlavné menu',
    closeMenu: 'Zavrieť menu',
    userMenu: 'Používateľské menu',
    changePassword: 'Zmeniť heslo',
    logout: 'Odhlásiť sa',
    unknownMenuItem: 'Fix',
  },
  menu: {
    navigation: 'Navigácia',
    administration: 'Administrácia',
    home: 'Home',
    sites: 'Site-y',
    gallery: 'Galéria site-ov',
    users: 'Používatelia',
    exports: 'Exporty',
  },
  notFound: {
    title: 'Stránka nebola nájdená',
    home: 'Domov',
  },
  dialog: {
    warningTitle: 'Upozornenie',
  },
  pager: {
    label: 'Stránkovanie',
    first: 'Prvá strana',
    previous: 'Predchádzajúca strana',
    next: 'Nasledujúca strana',
    last: 'Posledná strana',
    page: (n: number) => `Strana ${n}`,
  },
  placeholder: {
    soon: 'Táto obrazovka sa pripravuje.',
  },
  users: {
    title: 'Používatelia',
    name: 'Meno',
    email: 'Email',
    permissions: 'Oprávnenia',
    awaitingVerification: 'Čaká na potvrdenie emailu',
    edit: 'Upraviť',
    resend: 'Odoslať aktivačný email',
    deactivate: 'Vymazať',
    add: 'Pridať používateľa',
    createTitle: 'Pridať používateľa',
    editTitle: 'Upraviť používateľa',
    firstName: 'Meno',
    lastName: 'Priezvisko',
    password: 'Heslo',
    passwordKeep: 'Ponechajte prázdne, ak sa heslo nemení.',
    changePasswordAfterLogin: 'Zmeniť heslo po prihlásení',
    admin: 'Administrátor',
    active: 'Aktívny',
    sendAuthorizationEmail: 'Poslať aktivačný email',
    permissionsLegend: 'Oprávnenia',
    confirmDeactivate: 'Naozaj chcete vymazať používateľa:',
    confirmResend: 'Naozaj chcete odoslať aktivačný email používateľovi:',
    updateFailed: 'Nepodarilo sa upraviť používateľa',
    createFailed: 'Nepodarilo sa vytvoriť používateľa',
    deactivateFailed: 'Nepodarilo sa deaktivovať používateľa',
    deactivatedTitle: 'Používateľ deaktivovaný',
    deactivatedBody: 'Používateľ bol úspešne deaktivovaný',
    resendFailed: 'Nepodarilo sa odoslať email',
    resentTitle: 'Email odoslaný',
    resentBody: 'Používatelovi bol úspešne odoslaný nový aktivačný email',
  },
  capture,
  sites,
  map,
  gallery,
  exports,
  notifications,
} as const;

export type Strings = typeof sk;
