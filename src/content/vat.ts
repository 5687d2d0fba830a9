// The Italian VAT number (partita IVA): eleven digits, the last a check digit over the first ten.

/**
 * The check digit of a partita IVA from its first ten digits (the Luhn-like rule of DM 23/12/1976):
 * digits in odd places are added as they are, digits in even places are doubled (minus 9 above 9),
 * and the check digit brings the total to a multiple of ten.
 */
export function vatCheckDigit(firstTen: string): number {
  let sum = 0;
  for (const [index, char] of [...firstTen].entries()) {
    const digit = Number(char);
    const doubled = digit * 2;
    sum += index % 2 === 0 ? digit : doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `value` is eleven digits whose last is the check digit of the other ten. */
export function isValidVatNumber(value: string): boolean {
  return /^\d{11}$/.test(value) && vatCheckDigit(value.slice(0, 10)) === Number(value[10]);
}
