/** The words, limits and helpers of Gift Aid that pages show, apart from the schemas: no zod here, so pages load none. */

/** HMRC's model wording for an enduring declaration, shown above the box. */
export const GIFT_AID_BOOST = 'Boost your donation by 25p of Gift Aid for every £1 you donate.';

export const GIFT_AID_EXPLANATION =
  'Gift Aid is reclaimed by the charity from the tax you pay for the current tax year. Your address is needed to identify you as a current UK taxpayer.';

/** The declaration the donor makes by ticking the box; it names the church as its settings do. */
export function giftAidDeclarationText(churchName: string): string {
  return (
    `I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years to ${churchName}. ` +
    'I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.'
  );
}

/** HMRC's schedule takes a title of at most 4 characters and a house name or number of at most 40. */
export const GIFT_AID_LIMITS = { title: 4, house: 40, postcode: 8 } as const;

/** A form's declaration as the API keeps it: the address only when the box was ticked. */
export type GiftAidAnswer = { gift_aid: boolean; title: string; house_name_or_number: string; postcode: string };

/** A form's Gift Aid fields before the donor ticks the box. */
export const NO_GIFT_AID: GiftAidAnswer = { gift_aid: false, title: '', house_name_or_number: '', postcode: '' };
