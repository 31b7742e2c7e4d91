// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title ScenarioToken
/// @notice A plain, honest ERC-20 (no tax, no mint, no owner powers over balances): the control
/// group of the local market, against which the risky tokens stand out.
contract ScenarioToken is ERC20, Ownable {
    uint8 private immutable _decimals;

    /// @notice Mints the whole fixed supply to `owner_`; decimals are configurable so look-alikes
    /// of real tokens can copy theirs.
    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        _decimals = decimals_;
        _mint(owner_, supply);
    }

    /// @inheritdoc ERC20
    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
