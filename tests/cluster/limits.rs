//! Per-address limits among several instances: one client's requests,
//! sent to every instance at once, are counted by its home instance, so a
//! burst spread over three instances gets what it would get from one
//! server, not three times as much.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_spread_over_the_instances_meets_each_limit_once() {
    let url = quoridor_server::db::sql::test_database();
    let dir = tempfile::tempdir().unwrap();
    let ports = [free_port(), free_port(), free_port()];
    let settings = [
        ("QUORIDOR_MAX_ROOMS_PER_CLIENT", "3"),
        ("QUORIDOR_HTTP_RATE", "5"),
    ];
    let _instances: Vec<Running> = ports
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let log = dir.path().join(format!("limits{i}.log"));
            instance_with(p, &url, &log, &settings)
        })
        .collect();
    // Every instance knows the others (then each agrees on the homes).
    let _ = client_at(&ports, ports[0]);

    // Nine games asked for at once by one client, three through each
    // instance: three made (the limit), six refused.
    let asked: Vec<_> = (0..9)
        .map(|i| {
            let port = ports[i % 3];
            std::thread::spawn(move || {
                let seats = json!({"seats": [{"kind": "human", "mine": true}, {"kind": "human", "mine": false}]});
                http_from(
                    Some("10.8.0.1"),
                    port,
                    "POST",
                    "/api/games",
                    None,
                    &seats.to_string(),
                )
                .map(|(status, _)| status)
            })
        })
        .collect();
    let said: Vec<Option<u16>> = asked.into_iter().map(|t| t.join().unwrap()).collect();
    let made = said.iter().filter(|s| **s == Some(201)).count();
    assert_eq!(made, 3, "{said:?}");
    assert!(
        said.iter().all(|s| matches!(s, Some(201 | 429))),
        "{said:?}"
    );
    let held: f64 = ports
        .iter()
        .map(|&p| figure(p, "quoridor_games_live"))
        .sum();
    assert_eq!(held, 3.0);

    // Requests a second: 5 a second, 10 at once, from one address,
    // whichever instance each reaches.
    let started = Instant::now();
    let answered: Vec<u16> = (0..30)
        .map(|i| {
            http_from(
                Some("10.8.0.2"),
                ports[i % 3],
                "GET",
                "/api/games",
                None,
                "",
            )
            .unwrap()
            .0
        })
        .collect();
    let took = started.elapsed().as_secs_f64();
    let allowed = answered.iter().filter(|s| **s != 429).count();
    assert!(
        answered.iter().all(|s| matches!(s, 200 | 429)),
        "{answered:?}"
    );
    let most = 10 + (took * 5.0).ceil() as usize;
    assert!(
        allowed <= most,
        "{allowed} allowed in {took:.2} s (at most {most}): {answered:?}"
    );
    assert!(allowed >= 10, "{answered:?}");
}
