/** A webhook signed with the right secret, but at a time too far from now: a replay, or a clock that is off. */
export class SignatureTimeError extends Error {
  constructor() {
    super("The webhook signature's time is outside the tolerance");
  }
}
