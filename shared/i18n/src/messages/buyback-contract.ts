import type { Message } from '../message';

/**
 * The purchase contract for a device bought from a consumer (services/buy-back
 * contract-pdf). Czech "smlouva" is feminine and Romanian "contract" neuter,
 * hence "uzavřená" and "încheiat". The price and the dates arrive formatted.
 */
export const buybackContractMessages = {
  'buyback.contract.title': {
    cs: 'Kupní smlouva č. {{number}}',
    ro: 'Contract de vânzare-cumpărare nr. {{number}}',
    en: 'Purchase contract No. {{number}}',
  },
  'buyback.contract.subject': {
    cs: 'Kupní smlouva o koupi použitého zařízení',
    ro: 'Contract de vânzare-cumpărare a unui dispozitiv folosit',
    en: 'Contract for the purchase of a used device',
  },
  'buyback.contract.concluded': {
    cs: 'o koupi použitého zařízení, uzavřená dne {{date}}',
    ro: 'privind un dispozitiv folosit, încheiat la data de {{date}}',
    en: 'for a used device, concluded on {{date}}',
  },
  'buyback.contract.seller': {
    cs: 'Prodávající',
    ro: 'Vânzător',
    en: 'Seller',
  },
  'buyback.contract.buyer': {
    cs: 'Kupující',
    ro: 'Cumpărător',
    en: 'Buyer',
  },
  'buyback.contract.seller_erased': {
    cs: 'Osobní údaje byly vymazány.',
    ro: 'Datele cu caracter personal au fost șterse.',
    en: 'The personal data has been erased.',
  },
  'buyback.contract.birth_number': {
    cs: 'Rodné číslo',
    ro: 'Cod numeric personal ceh (rodné číslo)',
    en: 'Birth number',
  },
  'buyback.contract.cnp': {
    cs: 'Rumunské rodné číslo (CNP)',
    ro: 'CNP',
    en: 'Personal numeric code (CNP)',
  },
  'buyback.contract.birth_date': {
    cs: 'Datum narození',
    ro: 'Data nașterii',
    en: 'Date of birth',
  },
  'buyback.contract.identity_card': {
    cs: 'Číslo dokladu totožnosti',
    ro: 'Seria și numărul actului de identitate',
    en: 'Identity document number',
  },
  'buyback.contract.address': {
    cs: 'Bydliště',
    ro: 'Domiciliul',
    en: 'Address',
  },
  'buyback.contract.phone': {
    cs: 'Telefon',
    ro: 'Telefon',
    en: 'Phone',
  },
  'buyback.contract.email': {
    cs: 'E-mail',
    ro: 'E-mail',
    en: 'E-mail address',
  },
  'buyback.contract.bank_account': {
    cs: 'Bankovní účet',
    ro: 'Cont bancar',
    en: 'Bank account',
  },
  'buyback.contract.device_heading': {
    cs: 'Předmět koupě',
    ro: 'Obiectul vânzării',
    en: 'Subject of the sale',
  },
  'buyback.contract.device_intro': {
    cs: 'Prodávající prodává a kupující kupuje toto použité zařízení:',
    ro: 'Vânzătorul vinde, iar cumpărătorul cumpără următorul dispozitiv folosit:',
    en: 'The seller sells and the buyer buys the following used device:',
  },
  'buyback.contract.device': {
    cs: 'Zařízení',
    ro: 'Dispozitiv',
    en: 'Device',
  },
  'buyback.contract.imei': {
    cs: 'Kód IMEI',
    ro: 'Cod IMEI',
    en: 'IMEI',
  },
  'buyback.contract.serial_number': {
    cs: 'Sériové číslo',
    ro: 'Număr de serie',
    en: 'Serial number',
  },
  'buyback.contract.serial_number_none': {
    cs: 'neuvedeno',
    ro: 'nespecificat',
    en: 'not stated',
  },
  'buyback.contract.declared_quality': {
    cs: 'Stav deklarovaný prodávajícím',
    ro: 'Starea declarată de vânzător',
    en: 'Condition declared by the seller',
  },
  'buyback.contract.price_heading': {
    cs: 'Kupní cena a platba',
    ro: 'Prețul și plata',
    en: 'Price and payment',
  },
  'buyback.contract.price': {
    cs: 'Sjednaná kupní cena',
    ro: 'Prețul convenit',
    en: 'Agreed price',
  },
  'buyback.contract.price_revised': {
    cs: 'Původně sjednaná cena {{original}} byla po kontrole zařízení upravena. Prodávající upravenou cenu přijal dne {{date}}.',
    ro: 'Prețul convenit inițial, de {{original}}, a fost revizuit după verificarea dispozitivului. Vânzătorul a acceptat prețul revizuit la data de {{date}}.',
    en: 'The originally agreed price of {{original}} was revised after the inspection of the device. The seller accepted the revised price on {{date}}.',
  },
  'buyback.contract.payment': {
    cs: 'Kupující uhradí kupní cenu bezhotovostním převodem na bankovní účet prodávajícího č. {{account}}.',
    ro: 'Cumpărătorul plătește prețul prin transfer bancar în contul vânzătorului {{account}}.',
    en: "The buyer pays the price by bank transfer to the seller's bank account {{account}}.",
  },
  'buyback.contract.payment_erased': {
    cs: 'Kupující uhradí kupní cenu bezhotovostním převodem na bankovní účet, který prodávající uvedl.',
    ro: 'Cumpărătorul plătește prețul prin transfer bancar în contul bancar indicat de vânzător.',
    en: 'The buyer pays the price by bank transfer to the bank account given by the seller.',
  },
  'buyback.contract.terms_heading': {
    cs: 'Další ujednání',
    ro: 'Alte clauze',
    en: 'Further terms',
  },
  'buyback.contract.term_ownership': {
    cs: 'Prodávající prohlašuje, že je výlučným vlastníkem zařízení, že zařízení není odcizené a že na něm neváznou zástavní právo ani jiná práva třetích osob.',
    ro: 'Vânzătorul declară că este proprietarul exclusiv al dispozitivului, că dispozitivul nu este furat și că nu este gajat sau grevat de alte drepturi ale unor terți.',
    en: 'The seller declares that they are the sole owner of the device, that the device is not stolen, and that it is not pledged or subject to any other right of a third party.',
  },
  'buyback.contract.term_transfer': {
    cs: 'Vlastnické právo k zařízení přechází na kupujícího zaplacením kupní ceny.',
    ro: 'Dreptul de proprietate asupra dispozitivului trece la cumpărător în momentul plății prețului.',
    en: 'Ownership of the device passes to the buyer on payment of the price.',
  },
  'buyback.contract.term_inspection': {
    cs: 'Kupující zařízení po převzetí zkontroluje. Neodpovídá-li jeho stav stavu deklarovanému prodávajícím, může kupující navrhnout upravenou kupní cenu. Prodávající ji může odmítnout; v takovém případě mu kupující zařízení bezplatně vrátí.',
    ro: 'Cumpărătorul verifică dispozitivul după primire. Dacă starea acestuia nu corespunde celei declarate de vânzător, cumpărătorul poate propune un preț revizuit. Vânzătorul îl poate refuza; în acest caz, cumpărătorul îi returnează dispozitivul gratuit.',
    en: 'The buyer inspects the device on receipt. If its condition does not match the condition declared by the seller, the buyer may propose a revised price. The seller may refuse it, in which case the buyer returns the device to the seller free of charge.',
  },
  'buyback.contract.term_personal_data': {
    cs: 'Kupující zpracovává osobní údaje prodávajícího v rozsahu nezbytném pro uzavření a plnění této smlouvy v souladu s nařízením (EU) 2016/679 (GDPR).',
    ro: 'Cumpărătorul prelucrează datele cu caracter personal ale vânzătorului în măsura necesară încheierii și executării prezentului contract, în conformitate cu Regulamentul (UE) 2016/679 (GDPR).',
    en: "The buyer processes the seller's personal data to the extent necessary to conclude and perform this contract, in accordance with Regulation (EU) 2016/679 (GDPR).",
  },
  'buyback.contract.signed_on': {
    cs: 'Dne {{date}}',
    ro: 'Data: {{date}}',
    en: 'Date: {{date}}',
  },
  'buyback.contract.page': {
    cs: 'Strana {{page}} z {{pages}}',
    ro: 'Pagina {{page}} din {{pages}}',
    en: 'Page {{page}} of {{pages}}',
  },
} as const satisfies Readonly<Record<string, Message>>;
