import type { LiveState } from '@painel/contract';
import { icu } from '../message.ts';
/** The lives page (/dashboard/iniciar-transmissao). */
const livesTexts = {
  subtitle: 'Retransmita o seu canal para YouTube, Facebook, Twitch ou qualquer servidor RTMP, agora ou na hora marcada',
  warning: 'Você não precisa manter esta página aberta: as lives rodam no servidor, começam e terminam sozinhas nos horários definidos e se reconectam se o destino cair. Cada live dura no máximo 24 horas.',
  activeBroadcastTitle: 'Transmissão ativa',
  activeBroadcastNone: 'O seu canal não está no ar. Inicie a transmissão no OBS para que as lives tenham o que retransmitir.',
  tableTitle: 'Lives',
  empty: 'Nenhuma live cadastrada ainda.',
  columns: ['Live', 'Início', 'Fim', 'Duração', 'Status', 'Ações'] as const,
  finishLabel: icu<{ name: string }>('Finalizar live {name}'),
  removeLabel: icu<{ name: string }>('Remover live {name}'),
  // the status column, by the live's observed state (the contract's LIVE_STATE_TEXT)
  stateLabels: {
    live: 'Transmitindo',
    scheduled: 'Agendada',
    starting: 'Conectando...',
    reconnecting: 'Reconectando...',
    failing: 'Falhando',
    error: 'Erro',
    finished: 'Finalizada',
  } as Record<LiveState, string>,
  registerLive: 'Cadastrar Live',
  missingFields: icu<{ fields: string }>('Falta preencher: {fields}'),
  platform: 'Plataforma',
  key: 'Chave da transmissão',
  keyHint: 'A chave fica guardada com segurança e aparece mascarada na tabela.',
  sourceHls: 'HTTP/M3U8',
  startNow: 'Iniciar agora',
  end: 'Data fim',
  help1: 'Escolha a plataforma: o servidor RTMP é preenchido sozinho. Copie a chave no painel da plataforma (YouTube Studio, Facebook Live Producer, Twitch) e cole aqui.',
  help2: 'A origem é o seu próprio canal: o que o OBS envia ao painel é repassado à plataforma sem recodificar, com a mesma qualidade.',
  help3: 'Status: Transmitindo quando a plataforma está recebendo; Conectando ou Reconectando enquanto o painel tenta alcançá-la; Erro quando ela recusa a chave.',
  help4: 'Uma live agendada começa e termina sozinha nos horários definidos, mesmo com o navegador fechado.',
} as const;

export default livesTexts;
