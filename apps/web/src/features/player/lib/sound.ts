/** Right and wrong answer sounds, synthesised with WebAudio: no audio file to download. */
let context: AudioContext | null = null;

export function playAnswerSound(right: boolean): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    const notes = right ? [660, 880] : [300, 220];
    notes.forEach((frequency, i) => {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = right ? 'sine' : 'square';
      oscillator.frequency.value = frequency;
      const start = ctx.currentTime + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.11);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.12);
    });
  } catch {
    // No audio device or autoplay refused: answers stay silent.
  }
}
