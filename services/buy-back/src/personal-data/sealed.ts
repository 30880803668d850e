/**
 * Personal data as it travels in events: encrypted with the data subject's
 * own key (AES-256-GCM), so destroying that key forgets the data in every
 * event at once while the events themselves stay replayable (crypto-shredding).
 */
export interface SealedPersonalData {
  readonly subjectId: string;
  readonly algorithm: 'aes-256-gcm';
  /** base64, 12 bytes */
  readonly iv: string;
  /** base64 ciphertext followed by the 16-byte authentication tag */
  readonly ciphertext: string;
}
