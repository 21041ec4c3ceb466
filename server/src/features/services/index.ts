/** What other features use of the weekly services: the church calendar repeats them. */
export { ServiceRepository, type ServiceRow } from './repository.js';
export { dayIndex, minutesIntoDay } from './service.js';
