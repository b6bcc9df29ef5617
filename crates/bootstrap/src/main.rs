use clap::Parser;

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    match atelier::cli::Cli::parse().run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("atelier: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
