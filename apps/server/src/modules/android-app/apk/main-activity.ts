import type { FieldRef, MethodRef } from './dex-code.ts';
import { ACC, writeDex } from './dex.ts';

const ACTIVITY = 'Landroid/app/Activity;';
const BUNDLE = 'Landroid/os/Bundle;';
const WEBVIEW = 'Landroid/webkit/WebView;';
const SETTINGS = 'Landroid/webkit/WebSettings;';
const CLIENT = 'Landroid/webkit/WebViewClient;';

const call = (owner: string, name: string, params: string[] = [], returns = 'V'): MethodRef => ({ owner, name, params, returns });

/**
 * classes.dex of the app: one Activity that opens `url` full screen in a WebView, the
 * equivalent of
 *
 *   public class MainActivity extends Activity {
 *     private WebView web;
 *     public void onCreate(Bundle b) {
 *       super.onCreate(b);
 *       WebView w = new WebView(this); web = w;
 *       WebSettings s = w.getSettings();
 *       s.setJavaScriptEnabled(true); s.setDomStorageEnabled(true); s.setMediaPlaybackRequiresUserGesture(false);
 *       w.setWebViewClient(new WebViewClient());   // links open inside the app, not in the browser
 *       setContentView(w); w.loadUrl(url);
 *     }
 *     public void onBackPressed() { if (web != null && web.canGoBack()) web.goBack(); else super.onBackPressed(); }
 *   }
 */
export function mainActivityDex(packageName: string, url: string): Buffer {
  const self = `L${packageName.replaceAll('.', '/')}/MainActivity;`;
  const web: FieldRef = { owner: self, name: 'web', type: WEBVIEW };
  return writeDex({
    type: self,
    superclass: ACTIVITY,
    access: ACC.public,
    fields: [{ name: web.name, type: web.type, access: ACC.private }],
    direct: [{
      name: '<init>', access: ACC.public | ACC.constructor, returns: 'V', params: [], locals: 0,
      code: [
        { op: 'invoke-direct', method: call(ACTIVITY, '<init>'), args: ['p0'] },
        { op: 'return-void' },
      ],
    }],
    virtual: [{
      name: 'onCreate', access: ACC.public, returns: 'V', params: [BUNDLE], locals: 3,
      code: [
        { op: 'invoke-super', method: call(ACTIVITY, 'onCreate', [BUNDLE]), args: ['p0', 'p1'] },
        { op: 'new-instance', dest: 'v0', type: WEBVIEW },
        { op: 'invoke-direct', method: call(WEBVIEW, '<init>', ['Landroid/content/Context;']), args: ['v0', 'p0'] },
        { op: 'iput-object', reg: 'v0', object: 'p0', field: web },
        { op: 'invoke-virtual', method: call(WEBVIEW, 'getSettings', [], SETTINGS), args: ['v0'] },
        { op: 'move-result-object', dest: 'v1' },
        { op: 'const/4', dest: 'v2', value: 1 },
        { op: 'invoke-virtual', method: call(SETTINGS, 'setJavaScriptEnabled', ['Z']), args: ['v1', 'v2'] },
        { op: 'invoke-virtual', method: call(SETTINGS, 'setDomStorageEnabled', ['Z']), args: ['v1', 'v2'] },
        { op: 'const/4', dest: 'v2', value: 0 },
        { op: 'invoke-virtual', method: call(SETTINGS, 'setMediaPlaybackRequiresUserGesture', ['Z']), args: ['v1', 'v2'] },
        { op: 'new-instance', dest: 'v2', type: CLIENT },
        { op: 'invoke-direct', method: call(CLIENT, '<init>'), args: ['v2'] },
        { op: 'invoke-virtual', method: call(WEBVIEW, 'setWebViewClient', [CLIENT]), args: ['v0', 'v2'] },
        { op: 'invoke-virtual', method: call(ACTIVITY, 'setContentView', ['Landroid/view/View;']), args: ['p0', 'v0'] },
        { op: 'const-string', dest: 'v2', value: url },
        { op: 'invoke-virtual', method: call(WEBVIEW, 'loadUrl', ['Ljava/lang/String;']), args: ['v0', 'v2'] },
        { op: 'return-void' },
      ],
    }, {
      // the back button walks the page's history before it leaves the app
      name: 'onBackPressed', access: ACC.public, returns: 'V', params: [], locals: 2,
      code: [
        { op: 'iget-object', reg: 'v0', object: 'p0', field: web },
        { op: 'if-eqz', reg: 'v0', label: 'leave' },
        { op: 'invoke-virtual', method: call(WEBVIEW, 'canGoBack', [], 'Z'), args: ['v0'] },
        { op: 'move-result', dest: 'v1' },
        { op: 'if-eqz', reg: 'v1', label: 'leave' },
        { op: 'invoke-virtual', method: call(WEBVIEW, 'goBack'), args: ['v0'] },
        { op: 'return-void' },
        { op: 'label', name: 'leave' },
        { op: 'invoke-super', method: call(ACTIVITY, 'onBackPressed'), args: ['p0'] },
        { op: 'return-void' },
      ],
    }],
  });
}
