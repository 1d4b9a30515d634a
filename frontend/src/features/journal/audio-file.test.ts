import { UPLOAD_LIMITS } from '@clari/contracts';
import { AUDIO_ACCEPT, audioFileProblem } from './audio-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('the Journal picker', () => {
  it('takes audio by its type, and known audio endings whose type the browser left empty or gave as video', () => {
    for (const picked of [
      file('a.wav', 'audio/wav'),
      file('a.mp3', 'audio/mpeg'),
      file('a.m4a', 'audio/x-m4a'),
      file('Voice memo', 'audio/mp4'),
      file('a.webm', 'video/webm'),
      file('a.mp4', 'video/mp4'),
      file('a.OGG', ''),
      file('a.flac', 'application/octet-stream'),
    ]) {
      expect([picked.name, audioFileProblem(picked)]).toEqual([picked.name, null]);
    }
  });

  it('refuses documents, pictures and videos of unknown endings', () => {
    for (const picked of [
      file('notes.pdf', 'application/pdf'),
      file('photo.jpg', 'image/jpeg'),
      file('notes.txt', ''),
      file('film.mov', 'video/quicktime'),
      file('wav', ''),
    ]) {
      expect([picked.name, audioFileProblem(picked)]).toEqual([picked.name, 'notAudio']);
    }
  });

  it('refuses audio over 25 MB before uploading it', () => {
    expect(audioFileProblem(file('long.wav', 'audio/wav', UPLOAD_LIMITS.audioBytes + 1))).toBe('tooLarge');
    expect(audioFileProblem(file('long.wav', 'audio/wav', UPLOAD_LIMITS.audioBytes))).toBeNull();
  });

  it('offers the audio endings and types in the picker', () => {
    expect(AUDIO_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['.wav', '.mp3', '.m4a', '.webm', '.ogg', 'audio/*']),
    );
  });
});
