#!/usr/bin/python3
"""The playground in a real headless browser: tap an app, press Home, and read what the page shows.

Usage: playground_test.py URL SCREENSHOT

Run by LifecycleWebTests/BrowserTests.swift against a server it starts; needs Debian's chromium,
chromium-driver and python3-selenium (.ci/run installs them). Exits 0 when every check holds, 1 with the
reason otherwise.
"""
import base64
import sys

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless import Browser


def open_and_run(driver, wait, url, scenario):
    """Opens a scenario from a share link, as a reader of a shared one does, and runs it."""
    encoded = base64.urlsafe_b64encode(scenario.encode()).decode().rstrip("=")
    driver.get("about:blank")
    driver.get(f"{url.split('#')[0]}#scenario={encoded}")
    wait.until(lambda d: d.find_element(By.ID, "source").get_attribute("value") == scenario)
    driver.find_element(By.ID, "run").click()


def trace_lines(driver):
    return [line.text for line in driver.find_elements(By.CSS_SELECTOR, "#trace .line")]


def main(url, screenshot):
    with Browser() as driver:
        check(driver, url, screenshot)


def check(driver, url, screenshot):
    # Generous: the page answers in milliseconds, but the test suite shares two cores with real-time tests.
    # The page replaces what it draws on every reply: an element found a moment before may be gone, and is found
    # again.
    wait = WebDriverWait(driver, 60, ignored_exceptions=(StaleElementReferenceException,))
    driver.get(url)
    wait.until(lambda d: d.find_element(By.ID, "connection").text == "connected")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#screen .icon[data-app="notes"]'))
    driver.find_element(By.CSS_SELECTOR, '#screen .icon[data-app="notes"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .app-screen"))
    wait.until(lambda d: any("applicationDidBecomeActive:" in line for line in trace_lines(d)))
    driver.find_element(By.ID, "home-button").click()
    wait.until(lambda d: any("applicationDidEnterBackground:" in line for line in trace_lines(d)))
    lines = trace_lines(driver)
    resign = next(i for i, line in enumerate(lines) if "applicationWillResignActive:" in line)
    background = next(i for i, line in enumerate(lines) if "applicationDidEnterBackground:" in line)
    if not resign < background:
        raise AssertionError(f"applicationWillResignActive: at {resign}, after applicationDidEnterBackground:")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".chart-app .state.current").get_attribute(
        "data-state") == "suspended")
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith("tap notes\nhome\n"):
        raise AssertionError(f"the scenario does not end with the two lines: {source!r}")
    card = driver.find_element(By.CSS_SELECTOR, '.app-card[data-app="notes"] .badge').text
    if card != "suspended":
        raise AssertionError(f"the notes card says {card}")
    # A mistake typed in the editor is marked at its line, with the command line's message.
    editor = driver.find_element(By.ID, "source")
    editor.send_keys("tap nots\n")
    driver.find_element(By.ID, "step").click()
    wait.until(lambda d: d.find_element(By.ID, "problem").is_displayed())
    problem = driver.find_element(By.ID, "problem").text
    if "playground.scenario:9:5: error:" not in problem:
        raise AssertionError(f"the problem shown is {problem!r}")
    if driver.find_element(By.CSS_SELECTOR, "#gutter .error").text != "9":
        raise AssertionError("line 9 is not marked in the editor")
    driver.save_screenshot(screenshot)
    # A shared link opens its scenario.
    driver.find_element(By.ID, "share").click()
    link = driver.current_url
    if "#scenario=" not in link:
        raise AssertionError(f"the share link is {link!r}")
    driver.get("about:blank")
    driver.get(link)
    wait.until(lambda d: d.find_element(By.ID, "source").get_attribute("value").endswith("tap nots\n"))
    wait.until(lambda d: "9:5" in d.find_element(By.ID, "problem").text)
    check_timeline(driver, wait, url)
    check_ipad(driver, wait, url)
    check_several_apps(driver, wait, url)
    check_scheduled_tasks(driver, wait, url)
    check_notifications(driver, wait, url)
    check_restart(driver, wait, url)
    check_large_scenario(driver, wait, url)
    check_too_large_scenario(driver, wait)


TIMELINE = """app uploader background-task=20s
tap uploader
home
"""


def timeline_names(driver):
    return [text.text for text in driver.find_elements(By.CSS_SELECTOR, "#timeline svg text.name")]


def check_timeline(driver, wait, url):
    """The timeline beside the trace: a row for the app and its background work, the scenario's lines along the
    top, growing as the learner acts (the server's drawing, the same as `lifecycle timeline`)."""
    open_and_run(driver, wait, url, TIMELINE)
    wait.until(lambda d: timeline_names(d) == ["uploader", "background"])
    marks = driver.find_elements(By.CSS_SELECTOR, "#timeline svg path.action")
    if len(marks) != 2:
        raise AssertionError(f"the timeline marks {len(marks)} lines, not the scenario's two")
    titles = driver.execute_script(
        "return [...document.querySelectorAll('#timeline svg title')].map((t) => t.textContent)")
    if not any("applicationDidEnterBackground:" in title for title in titles):
        raise AssertionError(f"no tick names applicationDidEnterBackground: {titles[:20]}")
    if not driver.find_elements(By.CSS_SELECTOR, "#timeline svg path.budget"):
        raise AssertionError("the background time is not drawn")
    # Time passes: the work ends at 20 s and the app is suspended, drawn in the suspended colour.
    driver.find_element(By.ID, "source").send_keys("wait 30s\n")
    driver.find_element(By.ID, "run").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#timeline svg path.action")) == 3)
    spans = driver.execute_script(
        "return [...document.querySelectorAll('#timeline svg rect > title')].map((t) => t.textContent)")
    if not any(span.startswith("suspended  20s") for span in spans):
        raise AssertionError(f"the timeline does not show the app suspended at 20 s: {spans}")
    box = driver.find_element(By.CSS_SELECTOR, "#timeline svg").size
    if box["width"] < 600 or box["height"] < 60:
        raise AssertionError(f"the timeline is drawn {box}")


# Past the WebSocket library's default frame of 16 KiB, which closed the session: a browser sends a message in one
# frame.
LARGE = "app notes\ntap notes\n" + "# a long shared scenario's comment, as a scenario a team passes round has\n" * 400 + "home\n"


def check_large_scenario(driver, wait, url):
    """A scenario of 29 KB, opened from a link and run, is answered: the session stays connected."""
    if len(LARGE.encode()) <= 16 * 1024:
        raise AssertionError("the large scenario is not past 16 KiB")
    open_and_run(driver, wait, url, LARGE)
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="notes"] .badge').text == "suspended")
    connection = driver.find_element(By.ID, "connection").text
    if connection != "connected":
        raise AssertionError(f"after the large scenario the page says {connection!r}")


def check_too_large_scenario(driver, wait):
    """A scenario past the server's frame limit (1 MiB) closes the session: the page says why (last: it ends the
    session)."""
    huge = "app notes\n" + "# a comment\n" * 100_000
    driver.execute_script("document.getElementById('source').value = arguments[0];", huge)
    driver.find_element(By.ID, "run").click()
    wait.until(lambda d: "too large" in d.find_element(By.ID, "connection").text)


TASKS = """profile ios17
app news background-modes=fetch bgtasks=com.example.refresh:refresh bgtask-work=5s
tap news
"""


def check_scheduled_tasks(driver, wait, url):
    """BGTaskScheduler from the buttons: a request submitted shows as pending on the app's card; run, it shows as
    running, with its completion among the timers."""
    open_and_run(driver, wait, url, TASKS)
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="news"] .badge').text == "active")
    driver.find_element(By.CSS_SELECTOR, 'button[data-app-line="submit"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '.app-card[data-app="news"] .task.pending'))
    pending = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="news"] .task.pending').text)
    if pending != "pending com.example.refresh":
        raise AssertionError(f"the card shows {pending!r}")
    driver.find_element(By.CSS_SELECTOR, 'button[data-app-line="bgtask-launch"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '.app-card[data-app="news"] .task.running'))
    if driver.find_elements(By.CSS_SELECTOR, '.app-card[data-app="news"] .task.pending'):
        raise AssertionError("the request still shows as pending once it runs")
    wait.until(lambda d: "the scheduled task completes" in d.find_element(By.ID, "timers").text)
    if not any("launchHandler com.example.refresh" in line for line in trace_lines(driver)):
        raise AssertionError("the trace lacks the launch handler")
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith("submit news com.example.refresh\nbgtask-launch news com.example.refresh\n"):
        raise AssertionError(f"the scenario does not end with the task lines: {source!r}")


NOTIFICATIONS = """profile ios17
app chat notifications
app maps
tap maps
lock
"""


def check_notifications(driver, wait, url):
    """A notification from the Notify button waits on the lock screen and on the app's card; tapped there, the
    unlock opens the app, which hears the response between its foreground and its activation."""
    open_and_run(driver, wait, url, NOTIFICATIONS)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .lock-screen"))
    driver.find_element(By.ID, "target-app").send_keys("chat")
    driver.find_element(By.CSS_SELECTOR, 'button[data-app-line="notify"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#screen .lock-screen .notification[data-app="chat"]'))
    card = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="chat"] .waiting-notifications').text)
    if not card.startswith("1 waiting"):
        raise AssertionError(f"the chat card says {card!r}")
    driver.find_element(By.CSS_SELECTOR, '#screen .notification[data-app="chat"] .notification-body').click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="chat"] .badge').text == "active")
    lines = trace_lines(driver)
    order = [next(i for i, line in enumerate(lines) if "chat" in line and name in line) for name in (
        "application:didFinishLaunchingWithOptions:",
        "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
        "applicationDidBecomeActive:")]
    if order != sorted(order):
        raise AssertionError(f"the response is not between the launch and the activation: {lines}")
    if driver.find_elements(By.CSS_SELECTOR, "#screen .lock-screen"):
        raise AssertionError("the phone is still locked after the tap")
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith("notify chat\nnotification-tap chat\n"):
        raise AssertionError(f"the scenario does not end with the notification lines: {source!r}")


RESTART = """profile ios15
app chat data-protection
tap chat
"""


def check_restart(driver, wait, url):
    """Restart ends the app without a callback and leaves the phone locked, not unlocked since; the first unlock
    makes the lock screen go."""
    open_and_run(driver, wait, url, RESTART)
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="chat"] .badge').text == "active")
    driver.find_element(By.CSS_SELECTOR, 'button[data-line="restart"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .lock-screen"))
    said = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen .lock-date").text)
    if said != "Not unlocked since restart":
        raise AssertionError(f"the lock screen says {said!r}")
    lines = trace_lines(driver)
    if not any("active → inactive  (restart)" in line for line in lines):
        raise AssertionError(f"the trace lacks the restart's end of the process: {lines}")
    if any("applicationWillResignActive:" in line for line in lines):
        raise AssertionError(f"a callback came at the restart: {lines}")
    driver.find_element(By.CSS_SELECTOR, "#screen .lock-unlock").click()
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#screen .lock-screen"))
    source_ends_with(driver, "tap chat\nrestart\nunlock\n")


IPAD = """profile ios17
device ipad
app notes scenes multiple-windows
tap notes
new-window notes split
connect-display notes
"""


def check_ipad(driver, wait, url):
    """An iPad's two windows side by side and an external display, each scene with its own state; the switcher's
    card per window; a window closed from its card; a window in Slide Over."""
    open_and_run(driver, wait, url, IPAD)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#screen .window-pane")) == 2)
    panes = [pane.get_attribute("data-scene") for pane in driver.find_elements(By.CSS_SELECTOR, "#screen .window-pane")]
    if panes != ["notes#1", "notes#2"]:
        raise AssertionError(f"the windows on screen are {panes}")
    if driver.find_element(By.ID, "phone").get_attribute("data-device") != "ipad":
        raise AssertionError("the phone is not drawn as an iPad")
    wait.until(lambda d: d.find_element(By.ID, "display").is_displayed())
    display = driver.find_element(By.ID, "display").text
    if "notes#3" not in display or "foregroundInactive" not in display:
        raise AssertionError(f"the external display shows {display!r}")
    chips = driver.find_element(By.CSS_SELECTOR, '.app-card[data-app="notes"] .facts').text
    # Each scene's state with the scenePhase a SwiftUI view of it reads, and the App's: the most active of its
    # windows' (the display's scene shows no SwiftUI view).
    for chip in ["notes#1 foregroundActive .active", "notes#2 foregroundActive .active",
                 "notes#3 foregroundInactive .inactive", "App .active"]:
        if chip not in chips:
            raise AssertionError(f"the notes card lacks {chip!r}: {chips!r}")
    driver.find_element(By.CSS_SELECTOR, 'button[data-line="switcher"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#screen .card[data-card="notes#2"]'))
    chips = driver.find_element(By.CSS_SELECTOR, '.app-card[data-app="notes"] .facts').text
    if "App .inactive" not in chips or "notes#1 foregroundInactive .inactive" not in chips:
        raise AssertionError(f"in the switcher the notes card reads {chips!r}")
    cards = [card.get_attribute("data-card") for card in driver.find_elements(By.CSS_SELECTOR, "#screen .card")]
    if cards != ["notes#1", "notes#2"]:
        raise AssertionError(f"the switcher's cards are {cards}")
    driver.find_element(By.CSS_SELECTOR, '#screen .card[data-card="notes#2"] .card-swipe').click()
    wait.until(lambda d: any("application:didDiscardSceneSessions:" in line for line in trace_lines(d)))
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith("switcher\nswipe notes#2\n"):
        raise AssertionError(f"the scenario does not end with the switcher's lines: {source!r}")
    # The first window picked full screen, then a new one floating over it in Slide Over.
    driver.find_element(By.CSS_SELECTOR, '#screen .card[data-card="notes"] .card-face').click()
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#screen .switcher"))
    driver.find_element(By.CSS_SELECTOR, 'button[data-app-line="new-window slide-over"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .window-pane.slide-over"))
    scene, text = wait.until(lambda d: (lambda pane: (pane.get_attribute("data-scene"), pane.text))(
        d.find_element(By.CSS_SELECTOR, "#screen .window-pane.slide-over")))
    if scene != "notes#4" or "foregroundActive" not in text:
        raise AssertionError(f"the Slide Over window is {scene}: {text!r}")
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith("pick notes\nnew-window notes slide-over\n"):
        raise AssertionError(f"the scenario does not end with the Slide Over line: {source!r}")


SEVERAL_APPS = """profile ios26
device ipad
app mail scenes
app notes scenes
app maps scenes
tap mail
new-window notes split
new-window maps slide-over
"""


def panes(driver):
    return [pane.get_attribute("data-scene") for pane in driver.find_elements(By.CSS_SELECTOR, "#screen .window-pane")]


def source_ends_with(driver, ending):
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith(ending):
        raise AssertionError(f"the scenario does not end with {ending!r}: {source!r}")


def check_several_apps(driver, wait, url):
    """Three apps on an iPad's screen, each window a pane of its app: two side by side and one in Slide Over; focus
    moved with no callback; the Slide Over window hidden and shown; a window minimized to the shelf and restored."""
    open_and_run(driver, wait, url, SEVERAL_APPS)
    wait.until(lambda d: len(panes(d)) == 3)
    if panes(driver) != ["mail#1", "notes#1", "maps#1"]:
        raise AssertionError(f"the windows on screen are {panes(driver)}")
    slide_over = driver.find_element(By.CSS_SELECTOR, "#screen .window-pane.slide-over").get_attribute("data-scene")
    if slide_over != "maps#1":
        raise AssertionError(f"the Slide Over window is {slide_over}")
    if driver.find_element(By.CSS_SELECTOR, "#screen .window-pane.key").get_attribute("data-scene") != "maps#1":
        raise AssertionError("the window that came last is not the key window")
    for app in ["mail", "notes", "maps"]:
        badge = driver.find_element(By.CSS_SELECTOR, f'.app-card[data-app="{app}"] .badge').text
        if badge != "active":
            raise AssertionError(f"the {app} card says {badge}")
    # Focus moves: the key window changes, and the trace shows no callback.
    before = len(trace_lines(driver))
    driver.find_element(By.CSS_SELECTOR, '#screen button[data-line="focus mail#1"]').click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen .window-pane.key").get_attribute("data-scene") == "mail#1")
    added = trace_lines(driver)[before:]
    words = ("Resign", "Active", "Foreground", "Background")
    if not added or any(word in line for line in added for word in words):
        raise AssertionError(f"focus called something, or nothing was traced: {added}")
    source_ends_with(driver, "focus mail#1\n")
    # The Slide Over window pushed off the edge, and pulled back.
    driver.find_element(By.CSS_SELECTOR, '#screen button[data-line="hide-slide-over"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#screen button[data-line="show-slide-over"]'))
    if "maps#1" in panes(driver):
        raise AssertionError(f"the hidden Slide Over window is still on screen: {panes(driver)}")
    driver.find_element(By.CSS_SELECTOR, '#screen button[data-line="show-slide-over"]').click()
    wait.until(lambda d: "maps#1" in panes(d))
    source_ends_with(driver, "focus mail#1\nhide-slide-over\nshow-slide-over\n")
    # A window minimized goes to the shelf, its app to the background; restored, it comes back.
    driver.find_element(By.CSS_SELECTOR, '#screen button[data-line="minimize-window mail#1"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#screen button[data-line="restore-window mail#1"]'))
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '.app-card[data-app="mail"] .badge').text == "suspended")
    if "mail#1" in panes(driver):
        raise AssertionError(f"the minimized window is still on screen: {panes(driver)}")
    driver.find_element(By.CSS_SELECTOR, '#screen button[data-line="restore-window mail#1"]').click()
    wait.until(lambda d: "mail#1" in panes(d))
    source_ends_with(driver, "minimize-window mail#1\nrestore-window mail#1\n")


if __name__ == "__main__":
    try:
        main(sys.argv[1], sys.argv[2])
    except Exception as error:  # the reason goes to the Swift test's output
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
