import { AwsClient } from 'aws4fetch';
import { type FileStorage, STORAGE_KEY } from './storage';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), an R2 endpoint. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, R2) through signed path-style requests (SigV4 by aws4fetch):
 * the same interface as the local folder, so nothing else knows where files live.
 */
export function createS3Storage(opts: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    service: 's3',
    region: opts.region === 'auto' ? 'us-east-1' : opts.region,
  });
  const base = `${opts.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(opts.bucket)}`;
  const urlOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`Bad storage key: ${key}`);
    return `${base}/${key}`;
  };
  const fail = async (what: string, res: Response) =>
    new Error(`S3 ${what} failed: ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: data as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType, 'content-length': String(data.byteLength) },
      });
      if (!res.ok) throw await fail('upload', res);
    },
    async get(key) {
      const res = await client.fetch(urlOf(key));
      if (res.status === 404) return null;
      if (!res.ok) throw await fail('download', res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw await fail('delete', res);
    },
  };
}
