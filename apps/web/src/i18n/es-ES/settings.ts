import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The settings page (/dashboard/configuracoes). */
const settingsTexts: FeatureTexts<'settings'> = {
  title: 'Configuración',
  subtitle: 'Personaliza el panel según tus preferencias',
  loading: 'Cargando configuración...',
  generalSection: 'Configuración general',
  autoRefreshOption: 'Actualización automática',
  autoRefreshHint: 'Actualizar los datos del panel periódicamente',
  sidebarCollapsedOption: 'Menú lateral contraído',
  sidebarCollapsedHint: 'Abrir el panel con el menú lateral contraído',
  refreshIntervalLabel: 'Intervalo de actualización (segundos)',
  menuSection: 'Personalización del menú',
  menuSectionHint: 'Arrastra los elementos para reordenar el menú y usa el ícono del ojo para mostrarlos u ocultarlos.',
  summaryTotal: 'Total',
  summaryVisible: 'Visibles',
  summaryHidden: 'Ocultos',
  summaryCategories: 'Categorías',
  restoreDefault: 'Restablecer',
  hiddenTag: 'Oculto',
  regionalSection: 'Configuración regional',
  languageLabel: 'Idioma',
  timezoneLabel: 'Zona horaria',
  recordingSection: 'Grabar transmisiones',
  recordingOption: 'Grabar cada transmisión de OBS',
  recordingHint: icu('Cada transmisión se convierte en un video MP4 en la carpeta {folder}, con el título y la hora de inicio, listo para las playlists. Ocupa el espacio del plan; si el espacio se agota, la grabación se detiene y la transmisión continúa.'),
  recordingOn: 'Grabación de transmisiones activada',
  recordingOff: 'Grabación de transmisiones desactivada',
  recordingSaveError: 'No se pudo guardar la grabación de transmisiones',
};

export default settingsTexts;
