import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Field, Input } from '../../components/Field';
import { PageHero } from '../../components/PageHero';
import { useToast } from '../../components/Toast';
import {
  absoluteUrl,
  invalidUrlMessage,
  QR_COLOURS,
  QR_TITLE_MAX,
  QR_TOAST_MS,
  qrCodeImage,
  type QrColour,
} from './qr-code';
import { QrResult, type GeneratedCode } from './QrResult';
import formCard from '../../components/FormCard.module.css';
import styles from './QrGeneratorPage.module.css';

export function QrGeneratorPage() {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [colour, setColour] = useState<QrColour>('667eea');
  const [urlError, setUrlError] = useState<string>();
  const [generating, setGenerating] = useState(false);
  const [code, setCode] = useState<GeneratedCode | null>(null);
  const toast = useToast();

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    const target = absoluteUrl(url);
    if (!target) {
      setUrlError(invalidUrlMessage(window.location.host));
      return;
    }
    setUrlError(undefined);
    setGenerating(true);
    try {
      const image = await qrCodeImage(target, colour);
      setCode({ image, url: target, title: title.trim(), generatedAt: new Date() });
      toast.success('QR Code generated successfully!', { durationMs: QR_TOAST_MS });
    } catch {
      toast.error('Error generating QR code. Please try again.', { durationMs: QR_TOAST_MS });
    } finally {
      setGenerating(false);
    }
  };

  const startAgain = () => {
    setCode(null);
    setUrl('');
    setTitle('');
  };

  return (
    <>
      <PageHero eyebrow="Tools" title="QR Code Generator">
        <p>Turn any link into a QR code in the church colours, ready to print on a poster or show on a screen.</p>
      </PageHero>
      <div className={`container ${styles.page}`}>
        {code ? (
          <QrResult code={code} onStartAgain={startAgain} />
        ) : (
          <form className={formCard.card} onSubmit={generate} noValidate>
            <Field label="URL" required error={urlError} hint="The full address, starting with https://">
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://example.com"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
              )}
            </Field>
            <Field label="Title (optional)" hint={`Up to ${QR_TITLE_MAX} characters; it also names the download.`}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={QR_TITLE_MAX}
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                />
              )}
            </Field>
            <fieldset className={styles.colours}>
              <legend className={styles.legend}>Colour</legend>
              <div className={styles.swatches}>
                {QR_COLOURS.map((choice) => (
                  <label key={choice.hex} className={styles.swatch}>
                    <input
                      type="radio"
                      name="colour"
                      value={choice.hex}
                      checked={colour === choice.hex}
                      onChange={() => setColour(choice.hex)}
                    />
                    <span className={styles.dot} style={{ background: `#${choice.hex}` }} aria-hidden="true" />
                    <span>{choice.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <Button type="submit" size="lg" block disabled={!url.trim()} busy={generating} busyText="Generating...">
              Generate QR Code
            </Button>
          </form>
        )}
      </div>
    </>
  );
}
