/** Frames: heading and purpose of screens whose working parts are not built yet. */
export { FrameScreen } from './FrameScreen';
export { FRAMES, type Frame } from './frames';
