import type { SermonRepository } from './repository.js';
import { podcastArtwork } from './podcast-artwork.js';
import { podcastXml, type PodcastChannel } from './podcast-feed.js';
import type { PodcastRepository } from './podcast-repository.js';

/**
 * The podcast feed, built again only when the sermons or series changed since (podcast apps poll it often),
 * and its artwork, drawn once per process.
 */
export class PodcastService {
  private cached: { key: string; xml: string } | undefined;
  private artwork: Promise<Buffer> | undefined;

  constructor(
    private readonly podcast: PodcastRepository,
    private readonly sermons: SermonRepository,
    private readonly channel: Omit<PodcastChannel, 'siteUrl'>,
  ) {}

  async feed(siteUrl: string): Promise<string> {
    const key = `${siteUrl} ${await this.podcast.version()}`;
    if (this.cached?.key === key) return this.cached.xml;
    const xml = podcastXml({ ...this.channel, siteUrl }, await this.sermons.withAudio());
    this.cached = { key, xml };
    return xml;
  }

  async artworkJpeg(): Promise<Buffer> {
    this.artwork ??= podcastArtwork(this.channel.churchName).catch((error: unknown) => {
      this.artwork = undefined;
      throw error;
    });
    return this.artwork;
  }
}
