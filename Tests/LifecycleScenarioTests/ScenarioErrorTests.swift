import LifecycleCore
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator

/// Every mistake a scenario can hold gets an error naming file, line and column, what was found and what
/// was expected (docs/lifecycle.md §10).
@Suite struct ScenarioErrorTests {
    static let cases: [(source: String, error: String)] = [
        // Commands and arguments.
        (
            "app notes\ntapp notes",
            "t.scenario:2:1: error: unknown command 'tapp'; expected a declaration (profile, device, app) or an action; did you mean 'tap'?"
        ),
        ("app notes\ntap", "t.scenario:2:4: error: 'tap' needs an app id after it"),
        // Payloads (docs/lifecycle.md §19): the JSON's mistake is pointed at.
        (
            "app chat payload.call={\"type\":call}",
            "t.scenario:1:31: error: bad JSON in the payload 'call': expected a value (an object, an array, a string, a number, true, false or null)"
        ),
        (
            "app chat payload.call={\"type\":\"call\"",
            "t.scenario:1:37: error: bad JSON in the payload 'call': expected ',' or '}'"
        ),
        (
            "app chat payload.call=[1]",
            "t.scenario:1:23: error: bad JSON in the payload 'call': expected a JSON object, starting with '{'"
        ),
        (
            "app chat payload.call={} payload.call={}",
            "t.scenario:1:26: error: the payload 'call' is declared twice"
        ),
        (
            "app chat background-modes=remote-notification payload.call={}\npush chat payload=cal",
            "t.scenario:2:11: error: chat declares no payload 'cal'; it declares call"
        ),
        (
            "app chat\npush-tap chat payload=call",
            "t.scenario:2:15: error: chat declares no payload 'call'; declare one on its app line: payload.call={\"aps\":{…}}"
        ),
        ("home now", "t.scenario:1:6: error: 'home' takes no argument; found an extra 'now'"),
        ("wait 5 seconds", "t.scenario:1:8: error: 'wait' takes one argument, DURATION; found an extra 'seconds'"),
        ("app a\nopen-url a x y", "t.scenario:2:14: error: 'open-url' takes 2 arguments, ID URL; found an extra 'y'"),
        ("tap ghost", "t.scenario:1:5: error: app 'ghost' is not declared; declare it first with 'app ghost'"),
        (
            "tap notes\napp notes",
            "t.scenario:1:5: error: app 'notes' is not declared; declare it first with 'app notes'"
        ),
        (
            "app notes\ntap no*tes",
            "t.scenario:2:5: error: expected an app id (letters, digits, '.', '_' and '-'), found 'no*tes'"
        ),
        (
            "app notes\nexpect notes happy",
            "t.scenario:2:14: error: expected a state (notRunning, inactive, active, background, suspended), found 'happy'"
        ),
        ("memory-pressure 0", "t.scenario:1:17: error: expected a number of apps from 1 to 1000000, found '0'"),
        // Durations.
        ("wait soon", "t.scenario:1:6: error: expected a duration such as 250ms, 5s, 1.5s or 3m, found 'soon'"),
        ("wait 5", "t.scenario:1:6: error: expected a duration such as 250ms, 5s, 1.5s or 3m, found '5'"),
        ("wait 1.0001s", "t.scenario:1:6: error: durations are precise to the millisecond; '1.0001s' is finer"),
        ("wait .5s", "t.scenario:1:6: error: expected a duration such as 250ms, 5s, 1.5s or 3m, found '.5s'"),
        // Declarations.
        (
            "profile ios99",
            "t.scenario:1:9: error: expected a profile, ios4 to ios18, or ios26, found 'ios99'; did you mean 'ios9'?"
        ),
        ("profile ios4\nprofile ios13", "t.scenario:2:1: error: the profile is already set on line 1"),
        ("app a\ntap a\nprofile ios4", "t.scenario:3:1: error: profile must come before the first action (line 2)"),
        (
            "profile",
            "t.scenario:1:8: error: profile takes one of ios4 to ios18, or ios26; found nothing after 'profile'"
        ),
        ("device memory=2048", "t.scenario:1:8: error: expected a memory size such as 300MB or 2GB, found '2048'"),
        ("device ram=2GB", "t.scenario:1:8: error: expected a device (iphone, ipad) or memory=SIZE, found 'ram=2GB'"),
        ("device memory=1GB\ndevice memory=2GB", "t.scenario:2:1: error: the device is already described on line 1"),
        ("app", "t.scenario:1:4: error: 'app' needs an app id after it"),
        ("app notes\napp notes", "t.scenario:2:5: error: app 'notes' is already declared on line 1"),
        (
            "app a colour=red",
            "t.scenario:1:7: error: unknown app option 'colour'; expected one of exits-on-suspend, background-modes, memory, restores-state, data-protection, background-task, ignores-expiration, event-work, will-finish-launching, did-finish-launching, should-save-state, should-restore-state, did-become-active, will-resign-active, did-enter-background, will-enter-foreground, will-terminate, scenes, multiple-windows, bgtasks, bgtask-work, ignores-bgtask-expiration, notifications, notification-work, ignores-notification-completion, notifications-denied, custom-dismiss-action, url-schemes, activity-types, shortcut-items"
        ),
        (
            "app a restore-state",
            "t.scenario:1:7: error: unknown app option 'restore-state'; did you mean 'restores-state'?"
        ),
        ("app a memory=lots", "t.scenario:1:7: error: expected a memory size such as 300MB or 2GB, found 'lots'"),
        (
            "app a background-modes=audio,flying",
            "t.scenario:1:7: error: unknown background mode 'flying'; expected one of audio, location, voip, fetch, remote-notification, processing, bluetooth-central, bluetooth-peripheral, external-accessory, newsstand-content"
        ),
        ("app a exits-on-suspend=yes", "t.scenario:1:7: error: 'exits-on-suspend' takes no value; write it alone"),
        (
            "app a background-task",
            "t.scenario:1:7: error: 'background-task' needs a value: background-task=VALUE, with a duration, such as 20s"
        ),
        ("app a memory=1GB memory=2GB", "t.scenario:1:18: error: the option 'memory' is given twice"),
        (
            "app a did-enter-background=maybe",
            "t.scenario:1:7: error: 'did-enter-background' expects a duration, such as 6s, found 'maybe'"
        ),
        (
            "app a will-finish-launching=sometimes",
            "t.scenario:1:7: error: 'will-finish-launching' expects yes, no, or a duration such as 6s, found 'sometimes'"
        ),
        (
            "app a event-work=soon",
            "t.scenario:1:7: error: 'event-work=soon': expected a duration such as 250ms, 5s, 1.5s or 3m, found 'soon'"
        ),
        // Actions impossible in their situation, found by running the scenario.
        (
            "app notes\ntap notes\ntap notes",
            "t.scenario:3:1: error: 'tap notes' is impossible here: notes is in the foreground, so the Home screen is not showing"
        ),
        (
            "app notes\nswipe notes",
            "t.scenario:2:1: error: 'swipe notes' is impossible here: the app switcher is not open"
        ),
        (
            "app notes\napp mail\ntap mail\nswitcher\npick notes",
            "t.scenario:5:6: error: 'pick notes' is impossible here: notes has no card in the app switcher"
        ),
        (
            "app notes\nfetch notes",
            "t.scenario:2:7: error: 'fetch notes' is impossible here: notes does not declare the background mode 'fetch', so it cannot receive a fetch event"
        ),
        (
            "app notes\npush notes",
            "t.scenario:2:6: error: 'push notes' is impossible here: notes does not declare the background mode 'remote-notification', so it cannot receive a push event"
        ),
        ("dismiss", "t.scenario:1:1: error: 'dismiss' is impossible here: nothing is open to dismiss"),
        (
            "alert",
            "t.scenario:1:1: error: 'alert' is impossible here: no app is in the foreground for an alert to cover"
        ),
        ("answer", "t.scenario:1:1: error: 'answer' is impossible here: no call is ringing"),
        ("hang-up", "t.scenario:1:1: error: 'hang-up' is impossible here: no call is in progress"),
        (
            "call\ndismiss",
            "t.scenario:2:1: error: 'dismiss' is impossible here: a call is ringing: answer or decline it"
        ),
        ("unlock", "t.scenario:1:1: error: 'unlock' is impossible here: the device is not locked"),
        ("lock\nlock", "t.scenario:2:1: error: 'lock' is impossible here: the device is already locked"),
        ("app notes\nlock\ntap notes", "t.scenario:3:1: error: 'tap notes' is impossible here: the device is locked"),
        (
            "app notes\ntap notes\nnotification-center\nhome",
            "t.scenario:4:1: error: 'home' is impossible here: Notification Center is open; dismiss it first"
        ),
        // Scenes, versions, prewarming.
        (
            "app notes scenes\ntap notes",
            "t.scenario:1:11: error: 'scenes' (a scene-based app) needs iOS 13 or later, and the profile is ios12; write 'profile ios13' (or later) before the first action"
        ),
        (
            "app news background-modes=fetch\nprofile ios6\nfetch news",
            "t.scenario:1:10: error: the background mode 'fetch' needs iOS 7 or later, and the profile is ios6; write 'profile ios7' (or later) before the first action"
        ),
        (
            "profile ios14\napp notes\nprewarm notes",
            "t.scenario:3:1: error: 'prewarm notes' is impossible here: prewarming exists from iOS 15; the profile is ios14"
        ),
        (
            "profile ios15\napp notes\ntap notes\nprewarm notes",
            "t.scenario:4:9: error: 'prewarm notes' is impossible here: notes is already running"
        ),
        (
            "profile ios13\napp notes scenes\ntap notes\ndisconnect-scene notes",
            "t.scenario:4:18: error: 'disconnect-scene notes' is impossible here: notes has no connected scene in the background (it is active)"
        ),
        (
            "profile ios13\napp notes\ntap notes\nhome\ndisconnect-scene notes",
            "t.scenario:5:18: error: 'disconnect-scene notes' is impossible here: notes is not scene-based (declare it with 'scenes')"
        ),
        (
            "profile ios13\napp notes scenes\ndisconnect-scene notes",
            "t.scenario:3:18: error: 'disconnect-scene notes' is impossible here: notes has no connected scene in the background (it is notRunning)"
        ),
        // Scenes named by their session (docs/lifecycle.md §16).
        (
            "app notes scenes\nexpect notes#2 happy",
            "t.scenario:2:16: error: expected a scene's state (unattached, foregroundInactive, foregroundActive, background, disconnected), found 'happy'"
        ),
        (
            "app notes scenes\nexpect notes#2 foregroundinactive",
            "t.scenario:2:16: error: expected a scene's state (unattached, foregroundInactive, foregroundActive, background, disconnected), found 'foregroundinactive'; did you mean 'foregroundInactive'?"
        ),
        (
            "app notes scenes\nexpect notes#0 background",
            "t.scenario:2:8: error: expected a scene id, an app id, '#' and a session number from 1 (such as notes#2), found 'notes#0'"
        ),
        (
            "app notes scenes\nexpect notes#+2 background",
            "t.scenario:2:8: error: expected a scene id, an app id, '#' and a session number from 1 (such as notes#2), found 'notes#+2'"
        ),
        (
            "app notes scenes\nexpect notes# background",
            "t.scenario:2:8: error: expected a scene id, an app id, '#' and a session number from 1 (such as notes#2), found 'notes#'"
        ),
        (
            "app notes scenes\nexpect note#2 background",
            "t.scenario:2:8: error: app 'note' is not declared; did you mean 'notes'?"
        ),
        (
            "app notes scenes\nexpect notes#2 active",
            "t.scenario:2:16: error: expected a scene's state (unattached, foregroundInactive, foregroundActive, background, disconnected), found 'active'"
        ),
        (
            "profile ios13\napp notes scenes\ntap notes\nhome\nconnect-display notes",
            "t.scenario:5:17: error: 'connect-display notes' is impossible here: notes is not in the foreground (it is suspended); a display shows the app in front"
        ),
        (
            "profile ios13\napp notes\ntap notes\nconnect-display notes",
            "t.scenario:4:17: error: 'connect-display notes' is impossible here: notes is not scene-based (declare it with 'scenes'): only scenes reach a display"
        ),
        (
            "profile ios13\napp notes scenes\ntap notes\nconnect-display notes\nconnect-display notes",
            "t.scenario:5:1: error: 'connect-display notes' is impossible here: an external display is already connected (to notes)"
        ),
        // Windows (docs/lifecycle.md §16).
        ("device tablet", "t.scenario:1:8: error: expected a device (iphone, ipad) or memory=SIZE, found 'tablet'"),
        (
            "device Ipad",
            "t.scenario:1:8: error: expected a device (iphone, ipad) or memory=SIZE, found 'Ipad'; did you mean 'ipad'?"
        ),
        (
            "device ipad memory=4096MB extra",
            "t.scenario:1:27: error: device takes iphone or ipad, then memory=SIZE, such as 'device ipad memory=4096MB'; found an extra 'extra'"
        ),
        (
            "device",
            "t.scenario:1:7: error: device takes iphone or ipad, then memory=SIZE, such as 'device ipad memory=4096MB'"
        ),
        (
            "profile ios17\napp notes multiple-windows",
            "t.scenario:2:11: error: 'multiple-windows' is a scene-based app's: declare 'scenes' before it"
        ),
        (
            "profile ios12\napp notes scenes multiple-windows",
            "t.scenario:2:11: error: 'scenes' (a scene-based app) needs iOS 13 or later, and the profile is ios12; write 'profile ios13' (or later) before the first action\n"
                + "t.scenario:2:18: error: 'multiple-windows' (several scenes) needs iOS 13 or later, and the profile is ios12; write 'profile ios13' (or later) before the first action"
        ),
        (
            "profile ios17\napp notes scenes\ntap notes\nnew-window notes split",
            "t.scenario:4:12: error: 'new-window notes split' is impossible here: an iPhone shows one window of an app, and notes has one; several windows need 'device ipad'"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes\ntap notes\nnew-window notes",
            "t.scenario:5:12: error: 'new-window notes' is impossible here: notes has one window and no more (declare it with 'scenes multiple-windows')"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes multiple-windows\nnew-window notes beside",
            "t.scenario:4:18: error: expected 'split' (side by side), 'slide-over', 'stage' or nothing (full screen), found 'beside'"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes multiple-windows\nnew-window notes split",
            "t.scenario:4:12: error: 'new-window notes split' is impossible here: no window is on screen for a new one to be side by side with"
        ),
        (
            "profile ios15\ndevice ipad\napp notes scenes multiple-windows\ntap notes\nnew-window notes stage",
            "t.scenario:5:18: error: 'stage' (Stage Manager, iPadOS 16) needs iOS 16 or later, and the profile is ios15; write 'profile ios16' (or later) before the first action"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes multiple-windows\nnew-window notes slideover",
            "t.scenario:4:18: error: expected 'split' (side by side), 'slide-over', 'stage' or nothing (full screen), found 'slideover'; did you mean 'slide-over'?"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes multiple-windows\ntap notes\nnew-window notes slide-over\nnew-window notes slide-over",
            "t.scenario:6:12: error: 'new-window notes slide-over' is impossible here: a window of notes is in Slide Over already"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes multiple-windows\ntap notes\nnew-window notes split\nnew-window notes stage",
            "t.scenario:6:12: error: 'new-window notes stage' is impossible here: notes's windows are in Split View or Slide Over, not on a stage; a new one goes full screen"
        ),
        // Several apps on an iPad's screen (lifecycle §16), and what is wrong with them elsewhere.
        (
            "profile ios17\napp notes scenes\napp mail scenes\ntap mail\nnew-window notes split",
            "t.scenario:5:1: error: 'new-window notes split' is impossible here: Split View needs an iPad ('device ipad')"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes\napp mail scenes\ntap notes\nhome\ntap mail\nfocus notes#1",
            "t.scenario:8:7: error: 'focus notes#1' is impossible here: notes#1 is not on screen"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes\napp mail scenes\ntap mail\nunsplit mail#1",
            "t.scenario:6:1: error: 'unsplit mail#1' is impossible here: mail#1 is not one of two windows side by side (Split View)"
        ),
        (
            "profile ios17\ndevice ipad\napp notes scenes\napp mail scenes\napp maps scenes\ntap maps\nhome\ntap mail\nnew-window notes split replacing maps#1",
            "t.scenario:9:34: error: 'new-window notes split replacing maps#1' is impossible here: maps#1 is not on screen"
        ),
        // The caret under the scene that does not exist, not under the app that names it.
        (
            "profile ios17\ndevice ipad\napp c scenes multiple-windows\nnew-window c split replacing c#1",
            "t.scenario:4:30: error: 'new-window c split replacing c#1' is impossible here: no app has a session c#1"
        ),
        (
            "profile ios26\ndevice ipad\napp notes scenes\napp mail scenes\ntap mail\nnew-window notes slide-over replacing mail#1",
            "t.scenario:6:29: error: only a window in Split View takes another's place: 'new-window ID split replacing SCENE'"
        ),
        (
            "profile ios26\ndevice ipad\napp notes scenes\napp mail scenes\ntap mail\nnew-window notes split replacing",
            "t.scenario:6:33: error: 'replacing' needs a scene id (such as notes#2) after it"
        ),
        (
            "profile ios26\ndevice ipad\napp notes scenes\napp mail\ntap mail\nnew-window notes split",
            "t.scenario:6:1: error: 'new-window notes split' is impossible here: mail is on screen and not scene-based; the model puts apps side by side only when both have scenes"
        ),
        (
            "profile ios26\ndevice ipad\napp notes scenes\napp mail scenes\napp maps scenes\ntap mail\nnew-window notes split\nnew-window maps split",
            "t.scenario:8:12: error: 'new-window maps split' is impossible here: two windows are side by side already; a third takes one's place with 'replacing SCENE'"
        ),
        (
            "profile ios18\ndevice ipad\napp notes scenes\ntap notes\nminimize-window notes#1",
            "t.scenario:5:1: error: 'minimize-window' (iPadOS 26's windows) needs iOS 26 or later, and the profile is ios18; write 'profile ios26' (or later) before the first action"
        ),
        (
            "profile ios26\napp notes scenes\ntap notes\nminimize-window notes#1",
            "t.scenario:4:1: error: 'minimize-window notes#1' is impossible here: minimizing a window came with iPadOS 26's windows: it needs 'profile ios26' and 'device ipad'"
        ),
        (
            "profile ios26\ndevice ipad\napp notes scenes\ntap notes\nrestore-window notes#1",
            "t.scenario:5:16: error: 'restore-window notes#1' is impossible here: notes#1 is not minimized"
        ),
        (
            "profile ios26\ndevice ipad\napp notes scenes\ntap notes\nshow-slide-over",
            "t.scenario:5:1: error: 'show-slide-over' is impossible here: no window was pushed off screen from Slide Over"
        ),
        (
            "profile ios17\napp news bgtasks=com.news.refresh:refresh",
            "t.scenario:2:10: error: 'com.news.refresh:refresh' (a BGAppRefreshTask) needs the background mode 'fetch': add it to background-modes"
        ),
        (
            "profile ios17\napp news background-modes=processing bgtasks=com.news.clean:procesing",
            "t.scenario:2:38: error: expected com.news.clean:KIND, KIND one of refresh, processing, continued, found 'com.news.clean:procesing'; did you mean 'processing'?"
        ),
        (
            "profile ios17\napp news bgtasks=com.news.export:continued",
            "t.scenario:2:10: error: a continued-processing task (BGContinuedProcessingTask) needs iOS 26 or later, and the profile is ios17; write 'profile ios26' (or later) before the first action"
        ),
        (
            "profile ios12\napp news background-modes=fetch bgtasks=a.b:refresh",
            "t.scenario:2:33: error: 'bgtasks' (BGTaskScheduler) needs iOS 13 or later, and the profile is ios12; write 'profile ios13' (or later) before the first action"
        ),
        (
            "profile ios17\napp news background-modes=fetch bgtasks=com.a:refresh,com.a:refresh",
            "t.scenario:2:33: error: the task identifier 'com.a' is listed twice"
        ),
        (
            "profile ios17\napp news background-modes=fetch bgtasks=com.news.refresh:refresh\nsubmit news com.news.refresh",
            "t.scenario:3:8: error: 'submit news com.news.refresh' is impossible here: news is not running: only its code submits task requests"
        ),
        (
            "profile ios17\napp news background-modes=fetch bgtasks=com.news.refresh:refresh\nbgtask-launch news com.news.refresh",
            "t.scenario:3:15: error: 'bgtask-launch news com.news.refresh' is impossible here: news has no pending request com.news.refresh (submit one first)"
        ),
        (
            "profile ios17\napp news background-modes=fetch bgtasks=com.news.refresh:refresh\ntap news\nsubmit news com.news.refresh after=15m\nbgtask-launch news com.news.refresh",
            "t.scenario:5:15: error: 'bgtask-launch news com.news.refresh' is impossible here: the request com.news.refresh may not begin yet: its earliestBeginDate has not come (it comes in 900 s)"
        ),
        // How far off it is, from the phone's clock (issue 55).
        (
            "profile ios17\napp news background-modes=fetch bgtasks=com.news.refresh:refresh\ntap news\nsubmit news com.news.refresh after=15m\nwait 5m\nbgtask-launch news com.news.refresh",
            "t.scenario:6:15: error: 'bgtask-launch news com.news.refresh' is impossible here: the request com.news.refresh may not begin yet: its earliestBeginDate has not come (it comes in 600 s)"
        ),
        (
            "profile ios17\napp news background-modes=processing bgtasks=com.news.clean:processing\ntap news\nsubmit news com.news.clean requires-power\nbgtask-launch news com.news.clean",
            "t.scenario:5:15: error: 'bgtask-launch news com.news.clean' is impossible here: the request com.news.clean requires external power, and the device is not charging ('charger on')"
        ),
        (
            "profile ios17\napp news background-modes=fetch bgtasks=com.news.refresh:refresh\ntap news\nbgtask-expire news com.news.refresh",
            "t.scenario:4:15: error: 'bgtask-expire news com.news.refresh' is impossible here: news runs no task com.news.refresh (bgtask-launch or submit starts one)"
        ),
        (
            "profile ios17\napp news\ntap news\nsubmit news com.news.refresh later=5m",
            "t.scenario:4:30: error: expected after=DURATION, requires-power or requires-network, found 'later=5m'"
        ),
        (
            "profile ios17\napp news\ntap news\nsubmit news com.news.refresh requires-power requires-power",
            "t.scenario:4:45: error: 'requires-power' is given twice"
        ),
        (
            "profile ios17\napp news\ntap news\nsubmit news com/news",
            "t.scenario:4:13: error: expected a task identifier (letters, digits, '.', '_' and '-'), such as com.example.refresh, found 'com/news'"
        ),
        ("charger maybe", "t.scenario:1:9: error: expected 'on' or 'off', found 'maybe'"),
        (
            "profile ios17\napp news background-modes=processing bgtasks=com.news.sync:processing\ntap news\nsubmit news com.news.sync requires-network\nnetwork off\nbgtask-launch news com.news.sync",
            "t.scenario:6:15: error: 'bgtask-launch news com.news.sync' is impossible here: the request com.news.sync requires network connectivity, and the network is off ('network on')"
        ),
        ("network down", "t.scenario:1:9: error: expected 'on' or 'off', found 'down'"),
        (
            "profile ios17\napp notes scenes\nclose-window notes",
            "t.scenario:3:14: error: expected a scene id, such as notes#2, found 'notes'"
        ),
        (
            "profile ios17\napp notes scenes\nclose-window notes#4",
            "t.scenario:3:14: error: 'close-window notes#4' is impossible here: no app has a session notes#4"
        ),
        (
            "profile ios17\napp notes scenes\ntap notes\npick notes#1",
            "t.scenario:4:1: error: 'pick notes#1' is impossible here: the app switcher is not open"
        ),
        (
            "disconnect-display",
            "t.scenario:1:1: error: 'disconnect-display' is impossible here: no external display is connected"
        ),
        (
            "app notes\ntap notes\nswitcher\nshortcut notes x",
            "t.scenario:4:1: error: 'shortcut notes x' is impossible here: the app switcher is open"
        ),
        // Notifications (docs/lifecycle.md §18).
        (
            "profile ios9\napp chat notifications\ntap chat",
            "t.scenario:2:10: error: 'notifications' (a delegate of UNUserNotificationCenter) needs iOS 10 or later, and the profile is ios9; write 'profile ios10' (or later) before the first action"
        ),
        (
            "profile ios10\napp chat notifications=soon\ntap chat",
            "t.scenario:2:10: error: 'notifications' takes no value or 'late', found 'soon'"
        ),
        (
            "profile ios10\napp chat notifications=\ntap chat",
            "t.scenario:2:10: error: 'notifications=' needs a value: late (the delegate is set only once the app is active); or write it alone"
        ),
        (
            "profile ios17\napp chat notification-work=2s\ntap chat",
            "t.scenario:2:10: error: 'notification-work' describes the app's notification delegate: declare 'notifications' as well"
        ),
        (
            "profile ios17\napp chat notifications\nnotification-tap chat",
            "t.scenario:3:18: error: 'notification-tap chat' is impossible here: chat has no notification waiting in Notification Center (notify delivers one)"
        ),
        (
            "profile ios17\napp chat\nnotify chat\nnotification-action chat archive",
            "t.scenario:4:21: error: 'notification-action chat archive' is impossible here: chat has no delegate of UNUserNotificationCenter ('notifications'): only that delegate hears a notification's actions"
        ),
        (
            "profile ios17\napp chat notifications\nnotify chat remote",
            "t.scenario:3:13: error: expected 'local' (a local notification) or nothing, found 'remote'"
        ),
        (
            "app notes\ncontinue notes com.notes.view note-42",
            "t.scenario:2:31: error: expected target=ID (the activity's target content identifier) or nothing, found 'note-42'"
        ),
        (
            "app notes\ncontinue notes com.notes.view target=",
            "t.scenario:2:31: error: expected target=ID (the activity's target content identifier) or nothing, found 'target='"
        ),
        (
            "profile ios17\napp chat notifications\nnotify chat\nnotification-action chat archive later",
            "t.scenario:4:34: error: expected 'foreground' (the action's foreground option) or nothing, found 'later'"
        ),
        (
            "profile ios17\napp chat notifications\nnotify chat\nnotification-action chat arch/ive",
            "t.scenario:4:26: error: expected an action identifier (letters, digits, '.', '_' and '-'), such as reply or archive, found 'arch/ive'"
        ),
        (
            "app notes url-schemes=notes,no/tes\ntap notes",
            "t.scenario:1:11: error: expected a URL scheme (letters, digits, '.', '_', '+' and '-'), such as notes, found 'no/tes'"
        ),
        (
            "app notes shortcut-items=a.b,a.b\ntap notes",
            "t.scenario:1:11: error: the type 'a.b' is listed twice"
        ),
        (
            "profile ios17\napp chat background-modes=remote-notification\npush chat later",
            "t.scenario:3:11: error: expected 'throttled' (the system throttles the push) or nothing, found 'later'"
        ),
        (
            "profile ios17\napp chat notifications\nnotification-action chat",
            "t.scenario:3:25: error: 'notification-action' needs an action identifier (such as reply) after it"
        ),
        (
            "profile ios17\napp chat notifications\nnotify chat\nswitcher\nnotification-tap chat",
            "t.scenario:5:1: error: 'notification-tap chat' is impossible here: the app switcher is open"
        ),
    ]

    @Test(arguments: cases)
    func errorMessage(source: String, error expected: String) {
        #expect(throws: ScenarioErrors.self) { try ScenarioRunner.load(source, file: "t.scenario") }
        do {
            _ = try ScenarioRunner.load(source, file: "t.scenario")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func everySyntaxMistakeOfAFileIsReported() {
        let source = "tapp\napp a\nwait soon\ntap a\nhome now\n"
        do {
            _ = try ScenarioRunner.load(source, file: "t.scenario")
            Issue.record("expected errors")
        } catch {
            #expect(error.errors.map(\.line) == [1, 3, 5])
        }
    }

    @Test func impossibleActionRunsNothing() {
        var output = ""
        var errors = ""
        let outcome = ScenarioBatch(format: .jsonl).run(
            [.init(file: "good.scenario", source: "app a\ntap a\n"), .init(file: "bad.scenario", source: "dismiss\n")],
            output: &output, errors: &errors)
        #expect(outcome == .invalidInput)
        #expect(output.isEmpty)
        #expect(
            errors == """
                bad.scenario:1:1: error: 'dismiss' is impossible here: nothing is open to dismiss
                    1 | dismiss
                      | ^

                """)
    }

    @Test func failedExpectationNamesLineExpectedAndActual() {
        var output = ""
        var errors = ""
        let outcome = ScenarioBatch(format: .jsonl).run(
            [.init(file: "e.scenario", source: "app a\ntap a\n  expect a suspended\nexpect a active\n")],
            output: &output, errors: &errors)
        #expect(outcome == .expectationFailed)
        #expect(errors == "e.scenario:3:3: expectation failed: expected a to be suspended, but it is active\n")
        #expect(
            output.contains(
                #"{"t":0,"kind":"expect","line":3,"app":"a","expected":"suspended","actual":"active","ok":false}"#))
        #expect(output.contains(#""line":4,"app":"a","expected":"active","actual":"active","ok":true}"#))
    }

    @Test func aFailedSceneExpectationNamesTheScene() {
        var output = ""
        var errors = ""
        let source = "profile ios13\napp a scenes\ntap a\nexpect a#1 background\nexpect a#2 disconnected\n"
        let outcome = ScenarioBatch(format: .jsonl).run(
            [.init(file: "e.scenario", source: source)], output: &output, errors: &errors)
        #expect(outcome == .expectationFailed)
        #expect(
            errors == "e.scenario:4:1: expectation failed: expected a#1 to be background, but it is foregroundActive\n")
        #expect(
            output.contains(
                #"{"t":0,"kind":"expect","line":4,"scene":"a#1","expected":"background","actual":"foregroundActive","ok":false}"#
            ))
        #expect(
            output.contains(#""line":5,"scene":"a#2","expected":"disconnected","actual":"disconnected","ok":true}"#))
    }

    @Test func commentsAndBlankLinesAreIgnored() throws {
        let scenario = try ScenarioParser(file: "c").parse("# a comment\n\n  app a   # trailing\n\ttap a\t#\n")
        #expect(scenario.apps.map(\.id) == ["a"])
        #expect(scenario.steps.count == 1)
    }

    @Test func commentStartsOnlyAtAWord() throws {
        let scenario = try ScenarioParser(file: "c").parse("app a\nopen-url a https://example.com/#top # comment\n")
        #expect(scenario.steps.first?.command == .perform(.openURL("a", url: "https://example.com/#top")))
    }

    @Test func durations() {
        let cases: [(String, Duration)] = [
            ("250ms", .milliseconds(250)), ("5s", .seconds(5)), ("1.5s", .milliseconds(1500)), ("3m", .seconds(180)),
            ("1h", .seconds(3600)), ("0.25m", .seconds(15)), ("0s", .zero),
        ]
        for (text, duration) in cases {
            guard case .success(let parsed) = LineContext.parseDuration(text[...]) else {
                Issue.record("\(text) did not parse")
                continue
            }
            #expect(parsed == duration, "\(text)")
        }
    }

    /// The byte-wise duration reader gives what the character-wise one it replaced gave, value or message, on seeded
    /// texts of digits, dots, units, overlong numbers and characters beyond ASCII (combining marks included).
    @Test func durationsReadAsTheCharacterWiseReaderDid() {
        let pieces = [
            "0", "1", "5", "9", ".", "ms", "s", "m", "h", "x", "é", "\u{301}", "٣", "99999999999", "1234567890",
            "123456789", "000000000", "000",
        ]
        let failing = SplitMix64.linesFailing(seed: 9, pieces: pieces, atMost: 5) { text in
            switch (LineContext.parseDuration(text[...]), Self.referenceDuration(text[...])) {
            case (.success(let duration), .success(let reference)): duration == reference
            case (.failure(let problem), .failure(let reference)): problem.message == reference.message
            default: false
            }
        }
        #expect(failing.isEmpty, "the first: \(failing.prefix(3))")
    }

    /// The duration reader as it read characters, before it read bytes: the reference for the test above.
    static func referenceDuration(_ text: Substring) -> Result<Duration, LineContext.Problem> {
        let expected = LineContext.Problem(
            message: "expected a duration such as 250ms, 5s, 1.5s or 3m, found \(quoted(text))")
        let tooLong = LineContext.Problem(
            message: "durations are at most 100000h (about 11 years), found \(quoted(text))")
        let finer = LineContext.Problem(message: "durations are precise to the millisecond; \(quoted(text)) is finer")
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let perUnit: Int64? = ["ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000][String(text.dropFirst(digits.count))]
        guard let perUnit else { return .failure(expected) }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else { return .failure(expected) }
        guard let whole = Int64(parts[0]) else { return .failure(tooLong) }
        var (milliseconds, overflow) = whole.multipliedReportingOverflow(by: perUnit)
        if overflow { return .failure(tooLong) }
        if parts.count == 2 {
            guard parts[1].count <= 9, let numerator = Int64(parts[1]) else { return .failure(finer) }
            let denominator = (0..<parts[1].count).reduce(Int64(1)) { product, _ in product * 10 }
            guard (numerator * perUnit) % denominator == 0 else { return .failure(finer) }
            (milliseconds, overflow) = milliseconds.addingReportingOverflow(numerator * perUnit / denominator)
            if overflow { return .failure(tooLong) }
        }
        let duration = Duration.milliseconds(milliseconds)
        return duration <= LineContext.longestDuration ? .success(duration) : .failure(tooLong)
    }
}
