/**
 * Personal data as it travels in events: encrypted with the data subject's
 * own key (AES-256-GCM), so destroying that key forgets the data in every
 * event at once while the events themselves stay replayable (crypto-shredding).
 */
export interface SealedPersonalData {
  readonly subjectId: string;
  /**
   * The key it was sealed with. A subject may have several keys over time: an
   * erased customer who comes back gets a new one, and what was erased stays
   * unreadable. Data sealed before key ids existed names none (its key id is
   * the subject id).
   */
  readonly keyId?: string;
  readonly algorithm: 'aes-256-gcm';
  /** base64, 12 bytes */
  readonly iv: string;
  /** base64 ciphertext followed by the 16-byte authentication tag */
  readonly ciphertext: string;
}
