import type { ChatMessage } from '@playon/shared/chat';
import type { RealtimeMessage } from '@playon/shared/realtime';
import type { TestPlayer } from './players.ts';

/** The app open on a phone: /ws with the player's token, collecting the chat messages it hears. */
export async function openApp(player: TestPlayer, port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(player.token)}`);
  const heard: RealtimeMessage[] = [];
  const closed = new Promise<void>((resolve) => socket.addEventListener('close', () => resolve()));
  await new Promise<void>((resolve) =>
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as RealtimeMessage;
      heard.push(message);
      if (message.type === 'ready') resolve();
    }),
  );
  const chats = (): ChatMessage[] => heard.flatMap((m) => (m.type === 'chat' ? [m.message] : []));
  return {
    chats,
    async close() {
      socket.close();
      await closed;
    },
  };
}
