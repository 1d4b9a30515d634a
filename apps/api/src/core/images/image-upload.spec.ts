import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp from 'sharp';
import { detectImageType, reencodeUpload } from './image-upload';

describe('image uploads', () => {
  it('tells the type by the bytes, not the name', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect([png, jpeg, gif, webp].map(detectImageType)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('re-encodes as WebP without metadata, within the size, and refuses too large or unknown files', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#c80' } })
      .jpeg()
      .withExif({ IFD0: { Model: 'Secret Model X' } })
      .toBuffer();
    const image = await reencodeUpload(photo, 10 * 1024 * 1024, { width: 1600, height: 1600, fit: 'inside' });
    expect(image).toMatchObject({ mimeType: 'image/webp', width: 1600, height: 533 });
    const meta = await sharp(image.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    await expect(reencodeUpload(photo, 100, { width: 10, height: 10, fit: 'inside' })).rejects.toBeInstanceOf(
      PayloadTooLargeException,
    );
    await expect(
      reencodeUpload(Buffer.from('hello'), 100, { width: 10, height: 10, fit: 'inside' }),
    ).rejects.toBeInstanceOf(UnsupportedMediaTypeException);
    await expect(reencodeUpload(undefined, 100, { width: 10, height: 10, fit: 'inside' })).rejects.toBeInstanceOf(
      UnsupportedMediaTypeException,
    );
  });
});
