// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title TaxToken
/// @notice Risk pattern "adjustable trading tax": a cut of every buy and sell goes to the owner, and
/// the owner can raise the rates at any time (up to 99%), turning a token into a soft honeypot.
contract TaxToken is ERC20, Ownable {
    /// @notice Highest tax the owner may set, in basis points (99%).
    uint16 public constant MAX_TAX_BPS = 9900;

    /// @notice Tax on transfers out of a registered pair (buys), in basis points.
    uint16 public buyTaxBps;
    /// @notice Tax on transfers into a registered pair (sells), in basis points.
    uint16 public sellTaxBps;

    /// @notice DEX pairs: transfers from one are buys, transfers to one are sells.
    mapping(address account => bool) public isPair;
    /// @notice Accounts that never pay tax (the owner by default).
    mapping(address account => bool) public isExempt;

    /// @notice Emitted when the owner changes the rates, so scanners can see a tax hike on chain.
    event TaxesUpdated(uint16 buyTaxBps, uint16 sellTaxBps);

    /// @notice Mints the whole supply to `owner_` and sets the initial rates.
    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        address owner_,
        uint16 buyTaxBps_,
        uint16 sellTaxBps_
    ) ERC20(name_, symbol_) Ownable(owner_) {
        _setTaxes(buyTaxBps_, sellTaxBps_);
        isExempt[owner_] = true;
        _mint(owner_, supply);
    }

    /// @notice Changes both rates; this is the lever a tax rug pulls.
    function setTaxes(uint16 buyBps, uint16 sellBps) external onlyOwner {
        _setTaxes(buyBps, sellBps);
    }

    /// @notice Registers a DEX pair (usually before the pool exists, at its CREATE2 address).
    function setPair(address pair, bool value) external onlyOwner {
        isPair[pair] = value;
    }

    /// @notice Frees an account from tax (or takes the exemption back).
    function setExempt(address account, bool value) external onlyOwner {
        isExempt[account] = value;
    }

    function _setTaxes(uint16 buyBps, uint16 sellBps) private {
        require(buyBps <= MAX_TAX_BPS && sellBps <= MAX_TAX_BPS, "Tax too high");
        buyTaxBps = buyBps;
        sellTaxBps = sellBps;
        emit TaxesUpdated(buyBps, sellBps);
    }

    /// @dev Buys (from a pair) pay `buyTaxBps`, sells (to a pair) pay `sellTaxBps`; the tax goes to
    /// the current owner (burned if ownership was renounced). Mints, burns and exempt parties pay none.
    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0) && !isExempt[from] && !isExempt[to]) {
            uint256 bps = isPair[from] ? buyTaxBps : isPair[to] ? sellTaxBps : 0;
            uint256 tax = (value * bps) / 10_000;
            if (tax > 0) {
                super._update(from, owner(), tax);
                value -= tax;
            }
        }
        super._update(from, to, value);
    }
}
