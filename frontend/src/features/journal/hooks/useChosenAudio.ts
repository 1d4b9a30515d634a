import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@clari/contracts';
import { formatElapsed } from '../../../components/assistant/VoiceInputButton';
import { useAudioRecorder } from '../../../components/assistant/useAudioRecorder';
import { audioFileProblem } from '../audio-file';
import { JOURNAL_NS } from '../journal-i18n';

export interface ChosenAudio {
  blob: Blob;
  /** The uploaded file's name; null for a recording made here. */
  fileName: string | null;
  label: string;
  /** An object URL of the blob for the player (revoked when another audio is chosen). */
  url: string;
}

function chosen(blob: Blob, fileName: string | null, label: string): ChosenAudio {
  return { blob, fileName, label, url: URL.createObjectURL(blob) };
}

/**
 * The audio to transcribe: the last recording made here or the last file picked, whichever
 * came later. The recorder only records: transcription waits for the Transcribe button, and
 * the pauses of a conversation must not end the recording.
 */
export function useChosenAudio(language: Language) {
  const { t } = useTranslation(JOURNAL_NS);
  const [recording, setRecording] = useState<Blob | null>(null);
  const [audio, setAudio] = useState<ChosenAudio | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const elapsedAtStop = useRef(0);

  const recorder = useAudioRecorder({
    language,
    autoTranscribe: false,
    stopOnSilence: false,
    onRecordingComplete: (blob) => {
      if (blob.size === 0) return;
      setRecording(blob);
      setAudio(chosen(blob, null, t('audio.recordingName', { time: formatElapsed(elapsedAtStop.current) })));
    },
  });
  useEffect(() => {
    if (recorder.status === 'recording') elapsedAtStop.current = recorder.elapsedSeconds;
  }, [recorder.status, recorder.elapsedSeconds]);

  // The player's object URL lives as long as its audio is the chosen one.
  useEffect(
    () => () => {
      if (audio) URL.revokeObjectURL(audio.url);
    },
    [audio],
  );

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = audioFileProblem(file);
    if (problem) {
      // The previous choice stays; the reason is shown beside the picker and announced.
      setFileError(problem === 'notAudio' ? t('errors.notAudio', { name: file.name }) : t('errors.tooLarge'));
      return;
    }
    setFileError(null);
    setAudio(chosen(file, file.name, file.name));
  };

  return { recorder, recording, audio, fileError, clearFileError: () => setFileError(null), chooseFile };
}

export type ChosenAudioState = ReturnType<typeof useChosenAudio>;
