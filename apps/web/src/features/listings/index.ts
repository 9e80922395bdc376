/** The kit's host listings and their card subscription (law-firm spec section 4, 'Payment'). */
export { default as MyCrashpadsScreen } from './MyCrashpadsScreen';
