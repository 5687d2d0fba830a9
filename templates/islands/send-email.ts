// The e-mail call of contract §6: EmailJS's REST endpoint, with a time-out of our own.
import type { ContactMessage } from './form-fields.tsx';

/** EmailJS settings from `content/site.yaml`. */
export interface EmailJsConfig {
  endpoint: string;
  libVersion: string;
  userId: string;
  serviceId: string;
  templateId: string;
}

/** A request with no answer by then is abandoned and reported as a failure. */
const SEND_TIMEOUT_MS = 15_000;

/** Sends the message; throws an Error whose message is the service's response text, the network error or the time-out. */
export async function sendEmail(config: EmailJsConfig, message: ContactMessage): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('Il servizio non ha risposto in tempo.')), SEND_TIMEOUT_MS);
  try {
    const response = await fetch(config.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lib_version: config.libVersion,
        user_id: config.userId,
        service_id: config.serviceId,
        template_id: config.templateId,
        template_params: message,
      }),
      signal: controller.signal,
    });
    const text = await response.text();
    if (response.status !== 200 && text !== 'OK') throw new Error(text);
  } finally {
    clearTimeout(timer);
  }
}
