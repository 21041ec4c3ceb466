import type { AppContext } from '../context.js';

export async function seedDemoContent(_ctx: AppContext): Promise<void> {}
