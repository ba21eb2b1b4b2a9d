import { startMsg } from './start-texts.ts';

/**
 * The server's errors, each known by a stable code (what code compares and what the API's error
 * body carries as `code`), with its HTTP status and its Portuguese message (the body's `error`,
 * shown as it is). A message with values is a function of named values. Rewording a message
 * changes what the user reads, never what the code does.
 *
 * The login screen's texts stay in start-texts.ts, which the login page loads alone.
 */

const TOO_MANY_REQUESTS = 'Muitas requisições. Aguarde um momento e tente novamente.';
const NOT_MULTIPART = 'O envio deve ser multipart/form-data com o arquivo no campo "video"';
const MIGRATION_FAILED = 'Erro durante a migração';
const NOT_FOUND = 'Recurso não encontrado';
const PROCESS_INVALID_DATA = 'Não foi possível iniciar o processo: dados inválidos';

export const serverErrors = {
  // generic
  not_found: { status: 404, message: NOT_FOUND },
  invalid_data: { status: 400, message: 'Dados inválidos' },
  internal_error: { status: 500, message: 'Erro interno do servidor' },
  too_many_requests: { status: 429, message: TOO_MANY_REQUESTS },
  /** The same refusal from the players' own per-address limit (their pages tell it from the viewer limit by this code). */
  rate_limited: { status: 429, message: TOO_MANY_REQUESTS },
  control_chars: { status: 400, message: 'Caracteres de controle não são permitidos neste campo' },
  // login and session (texts in start-texts.ts)
  login_required: { status: 400, message: startMsg.loginRequired },
  password_required: { status: 400, message: startMsg.passwordRequired },
  wrong_credentials: { status: 401, message: startMsg.wrongCredentials },
  account_disabled: { status: 403, message: startMsg.accountDisabled },
  too_many_attempts: { status: 429, message: startMsg.tooManyAttempts },
  registration_refused: { status: 403, message: startMsg.registrationRefused },
  recovery_refused: { status: 403, message: startMsg.recoveryRefused },
  not_authenticated: { status: 401, message: startMsg.notAuthenticated },
  session_expired: { status: 401, message: startMsg.sessionExpired },
  invalid_token: { status: 401, message: startMsg.invalidToken },
  // media processes: why one of the engine's children (a restream, a playout, a relay, a recorder,
  // a standby) ended in error or keeps failing, stored by code with its row (media_processes)
  /** Something of the panel's own failed while running the child (a defect, an unexpected error): nothing the user can fix. */
  process_failed: { status: 500, message: 'Não foi possível executar o processo por um erro interno' },
  /** The child's command could not even be started with what the row holds (a NUL byte in an argument); the detail is the system's. */
  process_invalid_data: { status: 500, message: (v: { detalhe?: string }) => (v.detalhe ? `${PROCESS_INVALID_DATA} (${v.detalhe})` : PROCESS_INVALID_DATA) },
  /** The last lines of the program's own output (ffmpeg's, secrets hidden): the same text in every language, as a program's output is not translated. */
  process_output: { status: 500, message: (v: { detalhe: string }) => v.detalhe },
  /** A row of a kind this worker does not run. */
  process_kind_unknown: { status: 500, message: (v: { kind: string }) => `${v.kind}: ${NOT_FOUND}` },
  // live streaming
  no_active_transmission: { status: 404, message: 'Nenhuma transmissão ativa encontrada' },
  title_required: { status: 400, message: 'Informe o título da transmissão' },
  title_too_long: { status: 400, message: 'O título deve ter no máximo 120 caracteres' },
  invalid_platform: { status: 400, message: 'Plataforma inválida' },
  obs_not_publishing: {
    status: 409,
    message:
      'O OBS ainda não está transmitindo. No OBS, use o servidor RTMP e a chave de Dados de Conexão e clique em "Iniciar transmissão"; o título informado será usado assim que o sinal chegar.',
  },
  // lives
  live_required: { status: 400, message: 'Servidor RTMP, chave e data fim são obrigatórios' },
  live_too_long: { status: 400, message: 'Tempo máximo de transmissão é 24 horas' },
  live_invalid_date: { status: 400, message: 'Data inválida: use o formato dd/mm/aaaa hh:mm' },
  live_start_required: { status: 400, message: 'Informe a data de início ou marque "Iniciar agora"' },
  live_start_in_past: { status: 400, message: 'A data de início já passou' },
  live_end_before_start: { status: 400, message: 'A data fim deve ser depois da data de início' },
  live_end_in_past: { status: 400, message: 'A data fim já passou' },
  live_key_invalid: { status: 400, message: 'Chave de transmissão inválida: cole a chave sem espaços' },
  live_source_invalid: { status: 400, message: 'Escolha como origem uma das URLs do seu canal' },
  live_not_transmitting: { status: 400, message: 'Só é possível finalizar uma live que está transmitindo' },
  /** The platform refused the stream twice in a row (a wrong server or key): retrying cannot help. */
  live_refused: { status: 502, message: 'O destino recusou a transmissão: confira o servidor RTMP e a chave' },
  live_limit_running: { status: 409, message: (v: { max: number }) => `Limite de lives simultâneas do plano atingido (${v.max}). Finalize uma live para iniciar outra.` },
  live_limit_overlap: {
    status: 409,
    message: (v: { max: number }) =>
      `Limite de lives simultâneas do plano (${v.max}) seria ultrapassado no período escolhido. Escolha outro horário ou remova uma live agendada.`,
  },
  live_limit_registered: {
    status: 409,
    message: (v: { max: number }) =>
      `Limite de lives cadastradas do plano atingido (${v.max}). Remova uma live agendada ou aguarde uma terminar para cadastrar outra.`,
  },
  booking_limit: { status: 409, message: (v: { max: number }) => `Limite de agendamentos do plano atingido (${v.max}). Remova um agendamento para criar outro.` },
  // players
  viewer_limit: { status: 403, message: 'Limite de espectadores simultâneos atingido. Tente novamente em alguns minutos.' },
  invalid_player_type: { status: 400, message: 'Tipo de player inválido: escolha videojs, hlsjs ou clappr' },
  invalid_watermark_position: { status: 400, message: "Posição da marca d'água inválida" },
  watermark_opacity_range: { status: 400, message: "A opacidade da marca d'água deve ser um número entre 10 e 100" },
  watermark_needs_logo: { status: 400, message: "Escolha um logo para a marca d'água" },
  logo_not_found: { status: 400, message: 'Logo não encontrado' },
  logo_file_required: { status: 400, message: 'Envie a imagem do logo no campo "logo"' },
  logo_invalid_type: { status: 400, message: 'O logo deve ser uma imagem PNG ou JPEG' },
  logo_too_large: { status: 413, message: (v: { mb: number }) => `O logo deve ter no máximo ${v.mb} MB` },
  logo_unreadable: { status: 400, message: 'Não foi possível ler a imagem do logo: envie um arquivo PNG ou JPEG válido' },
  logo_too_many_pixels: {
    status: 400,
    message: (v: { width: number; height: number; maxMegapixels: number }) =>
      `A imagem do logo é grande demais (${v.width} × ${v.height} pixels): envie uma imagem de até ${v.maxMegapixels} megapixels`,
  },
  logo_name_too_long: { status: 400, message: 'O nome do logo deve ter no máximo 100 caracteres' },
  // settings
  refresh_interval_range: { status: 400, message: 'O intervalo de atualização deve ser um número entre 10 e 300 segundos' },
  invalid_language: { status: 400, message: 'Idioma inválido' },
  invalid_timezone: { status: 400, message: 'Fuso horário inválido' },
  invalid_menu: { status: 400, message: 'Menu inválido: cada item do menu deve aparecer uma única vez' },
  // folders and videos
  folder_name_required: { status: 400, message: 'Nome da pasta é obrigatório' },
  folder_name_too_long: { status: 400, message: 'O nome da pasta deve ter no máximo 64 caracteres' },
  folder_name_invalid: { status: 400, message: 'Nome de pasta inválido: não use barras, "..", caracteres de controle nem comece com ponto' },
  folder_exists: { status: 409, message: 'Já existe uma pasta com este nome' },
  folder_not_found: { status: 404, message: 'Pasta não encontrada' },
  folder_in_use: { status: 409, message: (v: { uso: string }) => `Esta pasta não pode ser excluída porque está em uso: ${v.uso}` },
  select_folder_first: { status: 400, message: 'Selecione uma pasta primeiro' },
  video_not_found: { status: 404, message: 'Vídeo não encontrado' },
  video_in_use: { status: 409, message: (v: { uso: string }) => `Este vídeo não pode ser excluído porque está em uso: ${v.uso}` },
  /** A rename over FTP onto a name the folder already holds (the FTP server's own reply text). */
  ftp_not_allowed: { status: 409, message: 'Operação não permitida' },
  upload_no_file: { status: 400, message: 'Nenhum vídeo recebido: envie um arquivo no campo "video"' },
  upload_not_multipart: { status: 415, message: NOT_MULTIPART },
  /** A multipart body that cannot be read (no boundary, headers too long). */
  upload_malformed: { status: 400, message: NOT_MULTIPART },
  upload_not_video: { status: 415, message: 'O arquivo enviado não é um vídeo válido' },
  upload_probe_failed: { status: 422, message: 'Não foi possível analisar o vídeo enviado' },
  upload_interrupted: { status: 400, message: 'O envio foi interrompido antes de terminar' },
  quota_exceeded: {
    status: 413,
    message: (v: { totalMb: number; usedMb: number }) =>
      `Espaço de armazenamento insuficiente: o limite do seu plano é ${v.totalMb} MB e ${v.usedMb} MB já estão em uso. Exclua vídeos ou contrate mais espaço.`,
  },
  // playlists
  playlist_name_required: { status: 400, message: 'Nome da playlist é obrigatório' },
  playlist_name_too_long: { status: 400, message: 'O nome da playlist deve ter no máximo 100 caracteres' },
  playlist_too_long: { status: 400, message: 'Uma playlist pode ter no máximo 1000 vídeos' },
  playlist_not_found: { status: 404, message: 'Playlist não encontrada' },
  playlist_duplicate_video: { status: 400, message: 'Vídeo já está na playlist' },
  playlist_video_refused: { status: 422, message: (v: { nome: string; motivo: string }) => `O vídeo "${v.nome}" não pode entrar na playlist: ${v.motivo}` },
  select_playlist: { status: 400, message: 'Selecione uma playlist' },
  playlist_empty: { status: 422, message: 'A playlist deve ter pelo menos um vídeo' },
  /** Every video of the playlist on air is missing or unreadable: the broadcast has nothing to play. */
  playlist_all_broken: { status: 422, message: 'Nenhum vídeo da playlist pôde ser reproduzido: os arquivos estão ausentes ou danificados' },
  playlist_on_air: { status: 409, message: 'Esta playlist está no ar. Finalize a transmissão antes de excluí-la.' },
  // commercials
  commercial_required: { status: 400, message: 'Selecione uma playlist e uma pasta de comerciais' },
  commercial_range: { status: 400, message: 'Quantidade de comerciais e intervalo devem ser maiores que 0' },
  commercial_quantity_max: { status: 400, message: 'A quantidade de comerciais deve ser no máximo 10' },
  commercial_interval_max: { status: 400, message: 'O intervalo deve ser de no máximo 50 vídeos' },
  commercial_not_found: { status: 404, message: 'Configuração de comerciais não encontrada' },
  commercial_exists: { status: 409, message: 'Esta playlist já tem uma configuração de comerciais: edite a existente' },
  // schedules
  booking_date_required: { status: 400, message: 'Informe a data e a hora de início' },
  booking_frequency_invalid: { status: 400, message: 'Escolha a frequência: Diariamente, Dias da Semana ou Somente uma vez' },
  booking_weekdays_required: { status: 400, message: 'Selecione pelo menos um dia da semana' },
  booking_ending_required: { status: 400, message: 'Selecione a playlist de finalização' },
  booking_not_found: { status: 404, message: 'Agendamento não encontrado' },
  booking_past: { status: 400, message: 'A data e a hora de um agendamento único precisam estar no futuro' },
  // outbound addresses
  outbound_invalid_url: { status: 400, message: (v: { schemes: readonly string[] }) => `Endereço inválido: use um endereço ${v.schemes.map((s) => `${s}://`).join(' ou ')} completo` },
  outbound_unresolvable: { status: 400, message: (v: { host: string }) => `Servidor não encontrado: ${v.host}. Confira o endereço.` },
  outbound_private: { status: 400, message: (v: { host: string }) => `Endereço não permitido: ${v.host} aponta para uma rede interna, não para a internet.` },
  // jobs
  /** A job that failed without a code of its own (an unexpected error): the reason it stored, as it is. */
  job_failed: { status: 500, message: (v: { reason: string }) => v.reason },
  /** A job whose worker died with no attempt left. */
  job_interrupted: { status: 500, message: 'O processamento foi interrompido (o servidor reiniciou) e não pôde ser retomado. Tente novamente.' },
  job_quota_exceeded: { status: 413, message: (v: { limitMb: number }) => `O arquivo não cabe no espaço do plano (${v.limitMb} MB). Libere espaço e tente novamente.` },
  /** The server's own disk (the data directory) has less free space than MIN_FREE_MB: nothing is written. */
  disk_space_low: {
    status: 507,
    message: (v: { freeMb: number; minMb: number }) =>
      `Espaço em disco insuficiente no servidor: restam ${v.freeMb} MB livres e o mínimo exigido é ${v.minMb} MB. Nada foi gravado; tente mais tarde ou avise o suporte.`,
  },
  /** The server's disk filled up while something was being written: what was written is removed. */
  disk_full: {
    status: 507,
    message: 'O disco do servidor ficou cheio durante a gravação. Nada foi guardado; tente novamente mais tarde ou avise o suporte.',
  },
  /** The database cannot be reached (restarting, or away): nothing was changed; the panel recovers by itself. */
  database_unavailable: {
    status: 503,
    message: 'O banco de dados está temporariamente indisponível. Nada foi alterado; tente novamente em alguns segundos.',
  },
  // downloads
  download_invalid_url: { status: 422, message: 'URL inválida ou vídeo não acessível' },
  download_url_invalid_short: { status: 400, message: 'URL inválida' },
  download_not_youtube: { status: 400, message: (v: { host: string }) => `URL deve ser do YouTube (${v.host} ou youtu.be)` },
  download_fields_required: { status: 400, message: 'Preencha o link e selecione uma pasta' },
  download_busy: { status: 409, message: 'Já existe um download em andamento' },
  download_failed: { status: 500, message: 'Erro ao baixar vídeo' },
  download_too_long: { status: 422, message: (v: { minutes: number }) => `O download passou do limite de ${v.minutes} minutos e foi interrompido` },
  download_too_big: { status: 422, message: (v: { mb: number }) => `O vídeo passa do limite de ${v.mb} MB por download` },
  download_unavailable: { status: 422, message: 'O vídeo não está disponível para download (privado, removido ou restrito)' },
  download_nothing_active: { status: 404, message: 'Nenhum download em andamento' },
  download_folder_gone: { status: 404, message: 'A pasta de destino foi excluída durante o download' },
  download_site_slow: { status: 504, message: 'O site demorou demais para responder. Tente novamente em instantes.' },
  // ftp migration
  ftp_fields_required: { status: 400, message: 'Preencha todos os campos obrigatórios' },
  ftp_connect_error: { status: 502, message: 'Erro ao conectar ao FTP' },
  ftp_list_error: { status: 502, message: 'Erro ao navegar no diretório' },
  ftp_scan_error: { status: 502, message: 'Erro ao escanear diretório' },
  ftp_migration_error: { status: 500, message: MIGRATION_FAILED },
  /** The migration's account is gone or disabled, or is not the job's. */
  ftp_migration_owner_gone: { status: 404, message: MIGRATION_FAILED },
  ftp_select_file: { status: 400, message: 'Selecione pelo menos um arquivo para migrar' },
  ftp_select_folder: { status: 400, message: 'Selecione uma pasta de destino' },
  ftp_migration_busy: { status: 409, message: 'Já existe uma migração em andamento' },
  ftp_not_connected: { status: 409, message: 'Conecte-se a um servidor FTP primeiro' },
  ftp_login_refused: { status: 502, message: 'O servidor FTP recusou o usuário ou a senha' },
  ftp_unreachable: { status: 502, message: (v: { host: string }) => `Não foi possível conectar a ${v.host}. Confira o endereço e a porta.` },
  ftp_passive_elsewhere: { status: 502, message: 'O servidor FTP indicou outro endereço para a transferência de dados; por segurança, só o mesmo servidor é aceito' },
  ftp_too_many_files: { status: 400, message: (v: { max: number }) => `Selecione no máximo ${v.max} arquivos por migração` },
  ftp_invalid_host: { status: 400, message: 'Endereço do servidor FTP inválido: informe só o IP ou o nome do servidor' },
  ftp_remote_path_invalid: { status: 400, message: 'Caminho inválido no servidor FTP' },
  ftp_only_videos: { status: 400, message: (v: { nome: string }) => `${v.nome}: só arquivos de vídeo podem ser migrados (MP4, AVI, MOV, WMV, FLV, WebM, MKV)` },
  ftp_no_answer: { status: 502, message: 'O servidor FTP parou de responder' },
  ftp_nothing_to_cancel: { status: 404, message: 'Nenhuma migração em andamento' },
  // relay
  relay_url_required: { status: 400, message: 'URL do relay é obrigatória' },
  relay_offline: { status: 400, message: 'A URL informada parece estar offline. Verifique e tente novamente.' },
  relay_url_form: { status: 400, message: 'Use um endereço rtmp:// ou um endereço https:// de uma playlist .m3u8' },
  relay_not_active: { status: 404, message: 'Nenhum relay ativo' },
  relay_no_video: { status: 400, message: 'A fonte não tem imagem de vídeo' },
  relay_video_codec: { status: 400, message: (v: { codec: string }) => `O vídeo da fonte está em ${v.codec}; o relay aceita apenas H.264` },
  /** Every run of the relay for this long ended without a byte of media: the source is gone. */
  relay_gave_up: { status: 504, message: (v: { minutes: number }) => `A fonte do relay ficou ${v.minutes} minutos sem responder; o relay foi desativado` },
  // recordings
  recording_quota_stopped: { status: 413, message: (v: { limitMb: number }) => `A gravação parou: o espaço de armazenamento do plano (${v.limitMb} MB) acabou. A transmissão continua no ar; o que foi gravado está na pasta Gravações.` },
  recording_disk_full: { status: 507, message: 'A gravação parou: o disco do servidor ficou cheio. A transmissão continua no ar; o que foi gravado foi mantido.' },
  recording_empty: { status: 422, message: 'A gravação terminou sem nenhuma imagem gravada' },
  recording_not_saved: { status: 500, message: 'A gravação não pôde ser salva na biblioteca' },
  /** The recorder found no fragment of the broadcast to start from (nothing arrived since it was published). */
  recording_no_fragments: { status: 409, message: 'a transmissão ainda não tem fragmentos' },
  /** The recorder's previous run copied everything and nothing came since: the broadcast is over or stalled. */
  recording_no_new_fragments: { status: 409, message: 'a transmissão não tem fragmentos novos' },
  // conversion
  conversion_busy: { status: 409, message: 'Este vídeo já está sendo convertido' },
  conversion_bitrate_range: { status: 400, message: (v: { max: number; min?: number }) => `O bitrate personalizado deve estar entre ${v.min ?? 500} e ${v.max} kbps` },
  conversion_bitrate_above_source: {
    status: 400,
    message: (v: { sourceKbps: number }) =>
      `O bitrate personalizado passa do bitrate do vídeo original (${v.sourceKbps} kbps): o arquivo ficaria maior sem melhorar a imagem. Escolha até ${v.sourceKbps} kbps.`,
  },
  conversion_quality_above_source: {
    status: 400,
    message: (v: { sourceKbps: number }) =>
      `Esta qualidade passa do bitrate do vídeo original (${v.sourceKbps} kbps): o arquivo ficaria maior sem melhorar a imagem. Escolha uma qualidade menor ou um bitrate personalizado até ${v.sourceKbps} kbps.`,
  },
  conversion_resolution_invalid: { status: 400, message: 'Resolução inválida: escolha 854x480, 1280x720 ou 1920x1080' },
  conversion_quality_invalid: { status: 400, message: 'Qualidade inválida' },
  conversion_quality_unavailable: { status: 400, message: 'Esta qualidade não está disponível no seu plano' },
  conversion_verify_failed: { status: 422, message: 'O arquivo convertido não passou na verificação; o original foi mantido' },
  conversion_failed: { status: 422, message: 'Erro na conversão: o arquivo não pôde ser lido ou convertido; o original foi mantido' },
  conversion_timed_out: { status: 422, message: 'A conversão demorou demais e foi interrompida; o original foi mantido' },
  conversion_source_changed: { status: 409, message: 'O vídeo foi alterado ou movido durante a conversão; o resultado foi descartado. Converta novamente.' },
  conversion_larger_no_room: {
    status: 413,
    message:
      'O vídeo convertido ficou maior que o original e não coube ao lado dele no espaço do plano; o original foi mantido e a versão convertida foi descartada',
  },
  // audience
  audience_period: { status: 400, message: 'Período inválido: use 1h, 24h, 7d ou 30d (intervalo 1h, ou 5m no período de 1h)' },
  // apps
  app_name_required: { status: 400, message: 'Nome do aplicativo é obrigatório' },
  apk_requirements: { status: 400, message: 'Nome, logo e background são obrigatórios para criar APK' },
  apk_busy: { status: 409, message: 'Já existe um APK sendo criado para este app' },
  banner_required: { status: 400, message: 'Nome e imagem do banner são obrigatórios' },
  push_required: { status: 400, message: 'Título, ícone e mensagem são obrigatórios' },
  push_message_too_long: { status: 400, message: 'A mensagem deve ter no máximo 160 caracteres' },
  push_no_app: { status: 400, message: 'Crie o app antes de enviar notificações' },
  push_service_not_allowed: { status: 400, message: 'O serviço de notificações deste navegador não é aceito por este aplicativo' },
  push_channel_full: { status: 409, message: 'Este canal atingiu o limite de inscrições para notificações' },
  webapp_not_found: { status: 404, message: 'Aplicativo não encontrado' },
  chat_too_fast: { status: 429, message: 'Aguarde alguns segundos antes de enviar outra mensagem' },
  chat_message_invalid: { status: 400, message: 'Escreva uma mensagem de até 300 caracteres' },
  chat_name_invalid: { status: 400, message: 'Informe um nome de até 40 caracteres' },
  chat_disabled: { status: 404, message: 'O chat deste aplicativo está desativado' },
  image_invalid: { status: 400, message: 'Imagem inválida: envie um arquivo PNG, JPEG, GIF ou WebP' },
  image_too_large: { status: 400, message: 'Imagem muito grande: o limite é 5 MB e 4096x4096 pixels' },
  image_animated: { status: 400, message: 'Imagens animadas não são aceitas' },
  invalid_color: { status: 400, message: 'Cor inválida: use o formato #RRGGBB' },
  invalid_link: { status: 400, message: 'Link inválido: use um endereço http:// ou https://' },
  invalid_email: { status: 400, message: 'E-mail inválido' },
  invalid_model: { status: 400, message: 'Modelo de layout inválido: use 1 ou 2' },
  android_name_required: { status: 400, message: 'Nome da TV é obrigatório' },
  android_name_too_long: { status: 400, message: 'O nome da TV deve ter no máximo 30 caracteres' },
  android_images_required: { status: 400, message: 'Logo, ícone e fundo são obrigatórios' },
  android_logo_size: { status: 400, message: 'Logo deve ter exatamente 300x300 pixels' },
  android_icon_size: { status: 400, message: 'Ícone deve ter exatamente 144x144 pixels' },
  android_background_size: { status: 400, message: 'Fundo deve ter exatamente 640x1136 pixels' },
  android_logo_type: { status: 400, message: 'O logo deve ser um arquivo PNG' },
  android_icon_type: { status: 400, message: 'O ícone deve ser um arquivo PNG' },
  android_background_type: { status: 400, message: 'O fundo deve ser um arquivo JPEG' },
  android_version_invalid: { status: 400, message: 'Versão inválida' },
  android_theme_invalid: { status: 400, message: 'Tema inválido' },
  android_start_screen_invalid: { status: 400, message: 'Tela inicial inválida: use 1 ou 2' },
  android_no_config: { status: 404, message: 'Crie um app antes de configurá-lo' },
  android_building: { status: 409, message: 'O app ainda está sendo criado; aguarde o fim para removê-lo' },
  apk_build_failed: { status: 422, message: 'Não foi possível gerar o APK; tente novamente' },
  apk_tools_missing: { status: 422, message: 'As ferramentas Android (aapt, zipalign, apksigner) não estão instaladas no servidor' },
  // accounts (the command line that manages them)
  account_login_invalid: { status: 400, message: 'Usuário inválido: use de 3 a 32 letras minúsculas, números ou _ (comece com letra ou número)' },
  password_too_short: { status: 400, message: (v: { min: number }) => `A senha deve ter pelo menos ${v.min} caracteres` },
  account_type_invalid: { status: 400, message: 'Tipo de conta inválido' },
  account_value_invalid: { status: 400, message: (v: { field: string }) => `Valor inválido para ${v.field}` },
  account_email_taken: { status: 409, message: 'Já existe uma conta com este e-mail' },
  account_login_taken: { status: 409, message: 'Já existe uma conta com este usuário' },
  reseller_not_found: { status: 400, message: 'Revenda não encontrada' },
  reseller_streaming_only: { status: 400, message: 'Somente contas de streaming pertencem a uma revenda' },
  account_not_found: { status: 404, message: 'Conta não encontrada' },
  cli_credentials_required: { status: 400, message: '--email e --password são obrigatórios' },
  cli_email_required: { status: 400, message: 'Informe o e-mail da conta' },
  // a reseller's streamings and the operator's accounts (management.ts)
  management_forbidden: { status: 403, message: 'Esta área é das revendas e do operador da instalação' },
  operator_only: { status: 403, message: 'Somente o operador da instalação pode fazer isso' },
  plan_value_invalid: { status: 400, message: (v: { field: string }) => `Valor inválido para ${v.field}: use um número inteiro maior que zero` },
  pool_streamings_full: { status: 409, message: (v: { max: number }) => `A revenda já tem as ${v.max} streamings do seu plano` },
  pool_bitrate_exceeded: { status: 409, message: (v: { max: number }) => `O bitrate de uma streaming pode ser no máximo ${v.max} kbps no plano da revenda` },
  pool_viewers_exceeded: { status: 409, message: (v: { free: number }) => `Espectadores acima do que resta no plano da revenda: restam ${v.free}` },
  pool_storage_exceeded: { status: 409, message: (v: { free: number }) => `Armazenamento acima do que resta no plano da revenda: restam ${v.free} MB` },
  storage_below_use: { status: 409, message: (v: { used: number }) => `A streaming já usa ${v.used} MB: o armazenamento não pode ficar abaixo disso` },
  pool_below_use: { status: 409, message: (v: { field: string; used: number }) => `A revenda já usa ${v.used} em ${v.field}: o plano não pode ficar abaixo disso` },
  account_suspended_by_reseller: { status: 409, message: 'A revenda desta streaming está suspensa: reative a revenda primeiro' },
  account_suspended_by_operator: { status: 409, message: 'Esta streaming foi suspensa pela administração: só a administração pode reativá-la' },
  reseller_has_streamings: { status: 409, message: 'Esta revenda ainda tem streamings: exclua as streamings antes de excluir a revenda' },
  // billing systems' API keys and the provisioning API (provisioning.ts)
  api_key_invalid: { status: 401, message: 'Chave de API inválida ou revogada' },
  api_key_name_invalid: { status: 400, message: 'Nome da chave inválido: use de 1 a 64 caracteres' },
  api_key_not_found: { status: 404, message: 'Chave de API não encontrada' },
  api_key_reseller_only: { status: 403, message: 'Uma chave de revenda só cria e altera as streamings dessa revenda' },
  idempotency_key_invalid: { status: 400, message: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis' },
  idempotency_key_reused: { status: 422, message: 'Esta Idempotency-Key já foi usada com outra requisição' },
  idempotency_in_progress: { status: 409, message: 'Uma requisição com esta Idempotency-Key ainda está em andamento: tente de novo em instantes' },
  // media servers (servers.ts)
  server_not_found: { status: 400, message: 'Servidor não encontrado: escolha um servidor da instalação' },
  edge_url_invalid: { status: 400, message: 'Endereço do edge inválido: use http(s)://host[:porta], ou deixe vazio' },
  streamings_reseller_only: { status: 400, message: 'O número de streamings (--streamings) só vale para contas de revenda' },
  /** A request for an account's files whose server does not report (or that was already passed on once): nothing is read or written. */
  account_server_offline: {
    status: 503,
    message: 'O servidor desta conta está fora do ar no momento: os arquivos dela não podem ser acessados agora. Nada foi alterado; tente novamente mais tarde.',
  },
  /** The account's server reports, but did not answer this request passed on to it. */
  account_server_unreachable: { status: 502, message: 'Não foi possível falar com o servidor desta conta agora. Tente novamente em instantes.' },
  /** An FTP login on a server that is not the account's (the FTP server's own reply text). */
  ftp_account_elsewhere: {
    status: 409,
    message: (v: { host: string; porta: number }) => `Esta conta fica em outro servidor: conecte o FTP em ${v.host}, porta ${v.porta}.`,
  },
  // moving an account to another server (account-move.ts)
  account_moving: { status: 409, message: 'Esta conta está sendo movida para outro servidor: tente de novo quando a mudança terminar' },
  // the channel's standby signal (fallback.ts)
  fallback_playlist_required: { status: 400, message: 'Escolha a playlist do sinal reserva' },
  fallback_text_too_long: { status: 400, message: 'O texto do sinal reserva deve ter no máximo 80 caracteres' },
  fallback_not_image: { status: 404, message: 'O sinal reserva desta conta não é uma imagem' },
  fallback_slate_failed: { status: 500, message: 'Não foi possível gerar a imagem do sinal reserva: nada foi alterado' },
  srt_ports_exhausted: { status: 409, message: 'Todas as portas SRT deste servidor estão em uso: fale com o administrador' },
  account_move_running: { status: 409, message: 'Esta conta já está sendo movida para outro servidor' },
  account_move_same_server: { status: 400, message: 'A conta já está neste servidor: escolha outro servidor' },
  account_move_target_offline: { status: 409, message: 'O servidor de destino está fora do ar: a conta só pode ir para um servidor online' },
  account_move_source_offline: { status: 409, message: 'O servidor onde a conta está agora está fora do ar: os arquivos dela não podem ser copiados' },
  account_move_jobs_running: { status: 409, message: 'A conta tem uma tarefa de arquivos em andamento (download, conversão, migração FTP ou sincronização): espere ela terminar ou cancele antes de mover' },
  account_move_source_failed: { status: 502, message: 'O servidor onde a conta está não entregou os arquivos: a conta continua nele, inteira' },
  account_move_verify_failed: { status: 502, message: (v: { caminho: string }) => `O arquivo ${v.caminho} chegou diferente do original (tamanho ou hash): a conta continua no servidor de origem, inteira` },
  account_move_switch_failed: { status: 409, message: 'A conta mudou de servidor durante a cópia: a mudança foi desfeita' },
  account_move_release_refused: { status: 409, message: 'Este servidor ainda é o da conta: os arquivos dela não são apagados' },
  server_token_invalid: { status: 401, message: 'Credencial entre servidores inválida ou expirada' },
  server_token_scope: { status: 403, message: 'Esta credencial entre servidores não vale para esta conta ou este servidor' },
  // upgrades: a database already migrated by a newer version of the panel
  /** A server started with keys other than the installation's (its secrets/ folder was not copied from a server that runs). */
  installation_secrets_mismatch: { status: 500, message: (v: { dir: string }) => `Os segredos deste servidor (${v.dir}) não são os da instalação que usa este banco de dados. Para um servidor entrar na instalação, pare-o, copie para ele a pasta secrets/ de um servidor que já funciona (a mesma DATA_DIR/secrets/) e inicie-o de novo. Nada foi alterado` },
  database_newer: { status: 500, message: (v: { names: string }) => `O banco de dados foi atualizado por uma versão mais nova do painel (migrações desconhecidas por esta versão: ${v.names}). Nada foi alterado e o painel não inicia: rode a versão mais nova ou restaure o backup feito antes da atualização` },
} satisfies Record<string, { status: number; message: string | ((values: never) => string) }>;

type Catalogue = typeof serverErrors;
export type ServerErrorCode = keyof Catalogue;
/** The values a code's message is built from; undefined for a fixed text. */
export type ErrorValues<C extends ServerErrorCode> = Catalogue[C]['message'] extends (values: infer V) => string ? V : undefined;
/** What follows the code: the message's values, when it has any. */
export type ErrorTextArgs<C extends ServerErrorCode> = ErrorValues<C> extends undefined ? [] : [values: ErrorValues<C>];

export const isServerErrorCode = (code: unknown): code is ServerErrorCode => typeof code === 'string' && Object.hasOwn(serverErrors, code);

/** Whether the code's message is built from values (a function of them). */
export const errorHasValues = (code: ServerErrorCode): boolean => typeof serverErrors[code].message === 'function';

export const errorStatus = (code: ServerErrorCode): number => serverErrors[code].status;

/** The Portuguese message of a code. */
export function errorText<C extends ServerErrorCode>(code: C, ...args: ErrorTextArgs<C>): string {
  const message = serverErrors[code].message as string | ((values: unknown) => string);
  return typeof message === 'function' ? message(args[0]) : message;
}
