/*
 * The source files of the Android package: its manifest and its resource values. Everything a
 * customer typed (the app's name) goes through the escaping aapt needs, so accents, quotes and
 * symbols appear on the phone exactly as typed.
 */

/** Launcher icon sizes, in pixels, per screen density. */
export const ICON_SIZES = { mdpi: 48, hdpi: 72, xhdpi: 96, xxhdpi: 144, xxxhdpi: 192 } as const;

export const MIN_SDK = 21;
export const TARGET_SDK = 29;

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text of a string resource: aapt reads backslash escapes and quotes there, so \ " ' are
 * escaped, and the whole is quoted so spaces stay as typed and a leading @ or ? is not taken
 * for a reference. Characters XML cannot carry are dropped, line breaks become spaces.
 */
export function stringResource(text: string): string {
  const clean = text
    .replace(/[\t\n\r]/g, ' ')
    .replace(/[\u0000-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
  return xml(`"${clean.replace(/[\\"']/g, '\\$&')}"`);
}

export interface ManifestSpec {
  packageName: string;
  versionCode: number;
  versionName: string;
}

/**
 * The manifest: one activity opened from the launcher, internet access, plain http allowed
 * (the panel may be served without TLS), and rotation handled by the page instead of
 * reloading it.
 */
export function manifestXml(spec: ManifestSpec): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android"
    package="${xml(spec.packageName)}"
    android:versionCode="${spec.versionCode}"
    android:versionName="${xml(spec.versionName)}">
  <uses-sdk android:minSdkVersion="${MIN_SDK}" android:targetSdkVersion="${TARGET_SDK}" />
  <uses-permission android:name="android.permission.INTERNET" />
  <application
      android:label="@string/app_name"
      android:icon="@mipmap/ic_launcher"
      android:theme="@style/AppTheme"
      android:usesCleartextTraffic="true"
      android:hardwareAccelerated="true">
    <activity
        android:name=".MainActivity"
        android:exported="true"
        android:launchMode="singleTask"
        android:configChanges="orientation|screenSize|smallestScreenSize|screenLayout|keyboard|keyboardHidden|navigation|uiMode">
      <intent-filter>
        <action android:name="android.intent.action.MAIN" />
        <category android:name="android.intent.category.LAUNCHER" />
      </intent-filter>
    </activity>
  </application>
</manifest>
`;
}

/** res/values/strings.xml: the app's name under the launcher icon. */
export function stringsXml(label: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<resources>
  <string name="app_name" formatted="false">${stringResource(label)}</string>
</resources>
`;
}

/** res/values/colors.xml and styles.xml: a full-screen theme without title bar in the app's two colours. */
export function themeXml(primaryColor: string, primaryDarkColor: string): { colors: string; styles: string } {
  return {
    colors: `<?xml version="1.0" encoding="utf-8"?>
<resources>
  <color name="primary">${xml(primaryColor)}</color>
  <color name="primary_dark">${xml(primaryDarkColor)}</color>
</resources>
`,
    styles: `<?xml version="1.0" encoding="utf-8"?>
<resources>
  <style name="AppTheme" parent="@android:style/Theme.Material.NoActionBar.Fullscreen">
    <item name="android:colorPrimary">@color/primary</item>
    <item name="android:colorPrimaryDark">@color/primary_dark</item>
    <item name="android:statusBarColor">@color/primary_dark</item>
    <item name="android:windowBackground">@color/primary</item>
  </style>
</resources>
`,
  };
}
