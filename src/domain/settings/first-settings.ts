import { IMAGE_HOSTS_DEFAULT, LOW_STOCK_DEFAULT, type ShopSettings } from './shop-settings.ts';

/**
 * The settings a shop starts with until the owner saves its own (decision 081): a complete,
 * fictional example, so the demo shop shows every page, mail and slip as a real one would. Only
 * the owner's email and the shipping fee come from the environment (SHOP_EMAIL, SHIPPING_CENTS).
 * The example IBAN is the one banks print in their own examples, with a valid checksum.
 */
export function firstSettings({
  shopEmail,
  shippingCents,
}: {
  shopEmail: string;
  shippingCents: number;
}): ShopSettings {
  return {
    identity: {
      tradeName: 'CardVault',
      legalName: 'CardVault Μονοπρόσωπη Ι.Κ.Ε.',
      street: 'Ερμού 25',
      city: 'Αθήνα',
      postalCode: '10563',
      vatNumber: '123456783',
      taxOffice: 'Α΄ Αθηνών',
      gemiNumber: '123456789000',
      phone: '2101234567',
      email: shopEmail,
    },
    bankAccounts: [
      {
        bank: 'Εθνική Τράπεζα',
        beneficiary: 'CardVault Μονοπρόσωπη Ι.Κ.Ε.',
        iban: 'GR1601101250000000012300695',
      },
    ],
    pickup: {
      enabled: true,
      address: 'Ερμού 25, 10563 Αθήνα (1ος όροφος)',
      hours: 'Δευτέρα έως Παρασκευή 10:00–18:00, Σάββατο 10:00–14:00',
      mapUrl: 'https://www.openstreetmap.org/?mlat=37.97578&mlon=23.72970#map=19/37.97578/23.72970',
    },
    shipping: { courierFeeCents: shippingCents, freeShippingFromCents: 5_000 },
    stock: { lowStockThreshold: LOW_STOCK_DEFAULT },
    csv: { imageHosts: [...IMAGE_HOSTS_DEFAULT] },
    payments: { bankTransfer: true, cashOnDelivery: true },
    social: {
      instagram: 'https://www.instagram.com/cardvault.gr',
      facebook: 'https://www.facebook.com/cardvault.gr',
      tiktok: 'https://www.tiktok.com/@cardvault.gr',
    },
  };
}
