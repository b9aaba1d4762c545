// The scan beep: a short WebAudio tone (no audio file), so the shopkeeper hears that a code was read.
let context: AudioContext | undefined;

export function beep(): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 1760;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.12);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.12);
  } catch (error) {
    // No sound is no reason to stop selling.
    console.warn('Beep not played', error);
  }
}
