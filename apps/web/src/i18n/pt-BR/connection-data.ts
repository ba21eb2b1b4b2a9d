import { icu } from '../message.ts';
/** The connection data page (/dashboard/dados-conexao). */
const connectionDataTexts = {
  title: 'Dados de Conexão',
  subtitle: 'Use estes dados no OBS e no seu programa de FTP',
  ftpTitle: 'Acesso FTP',
  ftpDescription: 'Envie vídeos com FileZilla ou outro programa de FTP',
  ftpHost: 'Host',
  ftpHostItem: 'Host FTP',
  ftpUserItem: 'Usuário FTP',
  ftpPasswordItem: 'Senha FTP',
  ftpPortItem: 'Porta FTP',
  hiddenValue: icu<{ item: string }>('{item} oculto'),
  streamTitle: 'Transmissão ao vivo (RTMP)',
  streamDescription: 'Servidor e chave para o OBS, e o endereço HLS da sua transmissão',
  streamKey: 'Chave de transmissão',
  streamKeyHint: 'Não compartilhe a chave: quem a tiver pode transmitir no seu canal.',
  hlsUrl: 'URL HLS',
  regenerateKey: 'Gerar nova chave',
  regenerateKeyConfirm: 'Gerar uma nova chave de transmissão? A chave atual deixará de funcionar e a transmissão em andamento será interrompida. Depois, atualize a chave no OBS.',
  helpRtmp: 'Endereço RTMP: o servidor que o OBS ou outro encoder usa para enviar a transmissão.',
  helpStreamKey: 'Chave de transmissão: identifica o seu canal; use-a completa, como aparece acima.',
  helpHls: 'URL HLS: o endereço para assistir à transmissão em players e aplicativos.',
  helpFormats: 'Formatos aceitos: MP4, AVI, MOV, WMV, FLV, WebM, MKV.',
  helpSizeLimit: icu<{ size: string }>('Limite de tamanho definido pelo plano: {size} de armazenamento.'),
  obsTitle: 'Como configurar o OBS',
  obsStep1: 'No OBS, abra Configurações → Transmissão.',
  obsStep2: 'Em Serviço, escolha Serviço Personalizado.',
  obsStep3: 'Em Servidor, cole o Servidor RTMP.',
  obsStep4: 'Em Chave de transmissão, cole a chave completa e clique em OK.',
  obsStep5: 'Clique em Iniciar transmissão: o painel mostra AO VIVO em poucos segundos.',
} as const;

export default connectionDataTexts;
