/** What other features use of the building fund: the giving form takes a Gift Aid declaration. */
export { declareGiftAid } from './gift-aid-repository.js';
