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
  private artwork: { churchName: string; jpeg: Promise<Buffer> } | undefined;

  constructor(
    private readonly podcast: PodcastRepository,
    private readonly sermons: SermonRepository,
    private readonly channel: Omit<PodcastChannel, 'siteUrl'>,
  ) {}

  async feed(siteUrl: string): Promise<string> {
    // The channel's details are the church's, which Settings may change between two reads.
    const { churchName, churchAddress, ownerEmail } = this.channel;
    const key = JSON.stringify([siteUrl, await this.podcast.version(), churchName, churchAddress, ownerEmail]);
    if (this.cached?.key === key) return this.cached.xml;
    const xml = podcastXml({ ...this.channel, siteUrl }, await this.sermons.withAudio());
    this.cached = { key, xml };
    return xml;
  }

  async artworkJpeg(): Promise<Buffer> {
    const { churchName } = this.channel;
    if (this.artwork?.churchName !== churchName) {
      const jpeg = podcastArtwork(churchName).catch((error: unknown) => {
        this.artwork = undefined;
        throw error;
      });
      this.artwork = { churchName, jpeg };
    }
    return this.artwork.jpeg;
  }
}
